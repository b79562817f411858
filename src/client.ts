#!/usr/bin/env node
import { runClient } from './client/program';

// `product-directory … | head` closes stdout early: stop quietly instead of crashing on EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

/** `product-directory`: the command-line client of the HTTP API (README "First steps"). Not a Nest app. */
const onInterrupt = (handler: () => void) => {
  const exit = () => {
    handler();
    process.exit(130); // 128 + SIGINT, as shells report it
  };
  process.once('SIGINT', exit);
  return () => process.removeListener('SIGINT', exit);
};

runClient(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, onInterrupt }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    process.stderr.write(`product-directory: ${error.message}\n`);
    process.exitCode = 2;
  },
);
