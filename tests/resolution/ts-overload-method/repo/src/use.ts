import { Stream } from './stream';

export function listen(stream: Stream): string {
  return stream.subscribe((v) => {});
}
