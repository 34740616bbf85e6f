import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '@/components/ui/button';

export interface ListProps<T> {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  emptyText?: string;
}

/** A list that renders each item with the given function. */
export function List<T,>({ items, renderItem, emptyText = 'Nothing to show yet' }: ListProps<T>) {
  if (items.length === 0) return <p className="empty">{emptyText}</p>;
  return <ul>{items.map((item, i) => <li key={i}>{renderItem(item, i)}</li>)}</ul>;
}

export const ConfirmDialog = ({ title, onConfirm }: { title: string; onConfirm(): void }) => (
  <Dialog.Root>
    <Dialog.Trigger asChild>
      <Button variant="destructive">Delete this project</Button>
    </Dialog.Trigger>
    <Dialog.Content aria-label="Confirm the deletion">
      <h2>{title}</h2>
      <Button onClick={onConfirm}>Yes, delete it</Button>
    </Dialog.Content>
  </Dialog.Root>
);

const cast = <T,>(value: unknown) => value as T;
