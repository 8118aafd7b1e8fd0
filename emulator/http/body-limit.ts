/** Request bodies over 1 MB are refused with 413 in the service's error body, before they are read. */
import { bodyLimit } from 'hono/body-limit';
import { HttpError } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;

export const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => {
    // The answer goes out while the client may still be sending: a kept-alive connection would
    // carry the unread rest into the next request, so this one closes after the answer.
    c.header('Connection', 'close');
    throw new HttpError(413, 'The body is larger than 1 MB, the most the service accepts.', { limitBytes: MAX_BODY_BYTES });
  },
});
