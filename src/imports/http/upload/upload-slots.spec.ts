import { RateLimitedError, UnavailableError } from '../../../common/errors/api-error';
import { UploadSlots } from './upload-slots';

/** Work that holds its slot until released. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { work: () => done, release };
}

/** An account of its own organization, unless one is given. */
const owner = (accountId: string, organizationId = `org-of-${accountId}`) => ({ accountId, organizationId });

describe('UploadSlots', () => {
  it('refuses a third upload of one account with 429 while two run, and serves other accounts', async () => {
    const slots = new UploadSlots({ perProcess: 8, perAccount: 2, perOrganization: 8 });
    const [a, b] = [held(), held()];
    const running = [slots.run(owner('acc'), a.work), slots.run(owner('acc'), b.work)];
    const refused = slots.run(owner('acc'), () => Promise.resolve());
    await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
    await expect(refused).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': '5' } });
    await expect(slots.run(owner('other'), () => Promise.resolve('ok'))).resolves.toBe('ok');
    a.release();
    await running[0];
    await expect(slots.run(owner('acc'), () => Promise.resolve('again'))).resolves.toBe('again');
    b.release();
    await running[1];
  });

  it('refuses with 503 when every slot of the process is taken, and frees slots whatever the outcome', async () => {
    const slots = new UploadSlots({ perProcess: 2, perAccount: 2, perOrganization: 2 });
    const [a, b] = [held(), held()];
    const running = [slots.run(owner('x'), a.work), slots.run(owner('y'), b.work)];
    await expect(slots.run(owner('z'), () => Promise.resolve())).rejects.toBeInstanceOf(UnavailableError);
    a.release();
    b.release();
    await Promise.all(running);
    await expect(slots.run(owner('x'), () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(owner('x'), () => Promise.resolve(1))).resolves.toBe(1);
    await expect(slots.run(owner('x'), () => Promise.resolve(2))).resolves.toBe(2);
  });

  it("counts an organization's accounts together: many accounts of one tenant get one share, others keep theirs", async () => {
    const slots = new UploadSlots({ perProcess: 8, perAccount: 2, perOrganization: 3 });
    const uploads = [held(), held(), held()];
    const running = uploads.map((u, i) => slots.run(owner(`acc-${i}`, 'tenant'), u.work));
    const refused = slots.run(owner('acc-3', 'tenant'), () => Promise.resolve());
    await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
    await expect(refused).rejects.toMatchObject({
      status: 429,
      headers: { 'Retry-After': '5' },
      response: { error: { message: 'This organization already has 3 uploads in progress (limit 3); retry when one has finished' } },
    });
    await expect(slots.run(owner('acc-9', 'another tenant'), () => Promise.resolve('ok'))).resolves.toBe('ok');
    uploads[0].release();
    await running[0];
    await expect(slots.run(owner('acc-3', 'tenant'), () => Promise.resolve('freed'))).resolves.toBe('freed');
    for (const u of uploads) u.release();
    await Promise.all(running);
    expect(slots.inProgress).toBe(0);
  });
});
