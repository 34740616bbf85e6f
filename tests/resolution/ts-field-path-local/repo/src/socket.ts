export class Subject {
  error(e: unknown): void {}
}

export class Channel {
  error(e: unknown): void {}
}

export class Socket {
  private output: Subject = new Subject();
  private channel: Channel = new Channel();

  fail(e: unknown): void {
    const observer = this.output;
    observer.error(e);
    const via = this.channel;
    via.error(e);
  }
}
