import { ApiError } from '../api-error';

/** What a client would receive from the ApiError `work` rejects with: its status and the body's error. */
export interface RenderedApiError {
  status: number;
  type: string;
  message: string;
}

/** Awaits `work` and returns the ApiError it rejected with, as rendered; fails if it resolved or threw anything else. */
export async function apiErrorOf(work: Promise<unknown>): Promise<RenderedApiError> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const { error: body } = error.getResponse() as { error: { type: string; message: string } };
    return { status: error.getStatus(), type: body.type, message: body.message };
  }
  throw new Error('expected an ApiError, but the call succeeded');
}
