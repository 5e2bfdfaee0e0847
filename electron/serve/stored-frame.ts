/**
 * The reply to a getResult call whose result is a stored file's JSON as it is (results/stored-file.ts), streamed
 * from disk: the envelope around the file's bytes, the bytes read piece by piece as the socket takes them
 * (socket-sender.ts), so a client that does not read makes the server hold one piece of the file, not the file
 * (docs/architecture.md#browser-shell-bounds). The text is the WireReply `{ kind: 'reply', id, result: { ok: true,
 * value } }` with the file's JSON as `value`.
 */
import type { OpenedStoredFile } from '../core/results/stored-file';

/** A text message whose pieces are read as it is sent, never held whole. */
export interface StreamedFrame {
  readonly kind: 'streamed';
  /** The message's size in bytes: what `pieces` yields in all. */
  readonly bytes: number;
  /**
   * The message's pieces in order, each at most `pieceBytes`, read when asked for.
   * @throws StoredFileChangedError when the file ends early (it was cut short in place).
   */
  pieces(pieceBytes: number): AsyncGenerator<Buffer>;
  /** Stops reading (closes the file); called once, when the frame was sent or dropped. */
  close(): Promise<void>;
}

/** Whether a frame is a StreamedFrame. */
export function isStreamed(frame: unknown): frame is StreamedFrame {
  return typeof frame === 'object' && frame !== null && (frame as { kind?: unknown }).kind === 'streamed';
}

function replyHead(id: number): Buffer {
  return Buffer.from(`{"kind":"reply","id":${JSON.stringify(id)},"result":{"ok":true,"value":`);
}

/**
 * The reply to getResult call `id` with a stored file's bytes, held in memory (stored-bytes.ts), as its value: the
 * envelope and a view of those bytes (not copied; not to be changed), sent as one fragmented message.
 */
export function storedResultFrame(id: number, bytes: Uint8Array): Buffer[] {
  return [replyHead(id), Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), Buffer.from('}}')];
}

/** The reply to getResult call `id` with `file`'s bytes as its value, streamed (the module comment). */
export function storedResultStream(id: number, file: OpenedStoredFile): StreamedFrame {
  const head = replyHead(id);
  const tail = Buffer.from('}}');
  return {
    kind: 'streamed',
    bytes: head.byteLength + file.bytes + tail.byteLength,
    async *pieces(pieceBytes: number) {
      yield head;
      yield* file.pieces(pieceBytes);
      yield tail;
    },
    close: () => file.close(),
  };
}
