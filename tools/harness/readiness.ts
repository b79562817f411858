import { attempt, describeAnswer, httpRequest, isFailure } from './http/request';
import { sleep } from './repo';
import type { ServiceProcess } from './service-process';

/**
 * Polls GET `path` on the local port until it answers 200 (each try on a fresh connection); fails
 * fast, with the process's last output, when the process exits or the time runs out.
 */
export async function waitForHttpOk(
  service: ServiceProcess,
  port: number,
  path: string,
  timeoutMs: number,
  intervalMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    if (!service.running) throw service.failure(`exited (${JSON.stringify(service.exitInfo)}) before GET ${path} answered 200`);
    const answer = await attempt(httpRequest({ port, method: 'GET', path, timeoutMs: 2_000 }));
    if (!isFailure(answer) && answer.status === 200) return;
    last = describeAnswer(answer);
    if (Date.now() > deadline) throw service.failure(`did not answer GET ${path} with 200 within ${timeoutMs} ms (last: ${last})`);
    await sleep(intervalMs);
  }
}
