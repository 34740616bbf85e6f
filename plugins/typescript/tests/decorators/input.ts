import { Component, Injectable, Input, Output, EventEmitter, HostListener } from '@angular/core';

/** Loads and caches users. */
@Injectable({ providedIn: 'root' })
export class UserService {
  constructor(private http: HttpClient) {}

  /** Fetches one user. */
  getUser(id: string): Observable<User> {
    return this.http.get<User>(`/api/users/${id}`);
  }
}

/** Shows one user's card. */
@Component({
  selector: 'app-user-card',
  templateUrl: './user-card.component.html',
})
export class UserCardComponent {
  /** The user shown. */
  @Input() user!: User;
  @Output() selected = new EventEmitter<User>();

  @HostListener('click')
  onClick(): void {
    this.selected.emit(this.user);
  }

  @Memoize
  get initials(): string {
    return this.user.name.slice(0, 2);
  }
}
