import { RateLimitedError, UnavailableError } from '../../common/errors/api-error';
import { UploadSlots } from './upload-slots';

/** Work that holds its slot until released. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { work: () => done, release };
}

describe('UploadSlots', () => {
  it('refuses a third upload of one account with 429 while two run, and serves other accounts', async () => {
    const slots = new UploadSlots(8, 2);
    const [a, b] = [held(), held()];
    const running = [slots.run('acc', a.work), slots.run('acc', b.work)];
    const refused = slots.run('acc', () => Promise.resolve());
    await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
    await expect(refused).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': '5' } });
    await expect(slots.run('other', () => Promise.resolve('ok'))).resolves.toBe('ok');
    a.release();
    await running[0];
    await expect(slots.run('acc', () => Promise.resolve('again'))).resolves.toBe('again');
    b.release();
    await running[1];
  });

  it('refuses with 503 when every slot of the process is taken, and frees slots whatever the outcome', async () => {
    const slots = new UploadSlots(2, 2);
    const [a, b] = [held(), held()];
    const running = [slots.run('x', a.work), slots.run('y', b.work)];
    await expect(slots.run('z', () => Promise.resolve())).rejects.toBeInstanceOf(UnavailableError);
    a.release();
    b.release();
    await Promise.all(running);
    await expect(slots.run('x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run('x', () => Promise.resolve(1))).resolves.toBe(1);
    await expect(slots.run('x', () => Promise.resolve(2))).resolves.toBe(2);
  });
});
