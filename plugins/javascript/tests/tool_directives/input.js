/* eslint-disable no-console */

/**
 * Sends a message to the server.
 */
// eslint-disable-next-line no-unused-vars
function send(message, retries) {
  console.log(message);
}

// prettier-ignore
const MATRIX = [
  1, 0,
  0, 1,
];

class Client {
  // Opens the connection.
  // eslint-disable-next-line class-methods-use-this
  open() {}

  // @ts-ignore
  close() {}

  // Reads one reply.
  read() {}
}
