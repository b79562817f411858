#!/usr/bin/env node
import { runClient } from './client/program';

// `product-directory … | head` closes stdout early: stop quietly instead of crashing on EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

/** `product-directory`: the command-line client of the HTTP API (README "Client"). Not a Nest app. */
runClient(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    process.stderr.write(`product-directory: ${error.message}\n`);
    process.exitCode = 2;
  },
);
