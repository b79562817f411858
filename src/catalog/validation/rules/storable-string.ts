// The rule itself lives in common: cursors, path parameters and file names need it too.
export { isStorableString } from '../../../common/text/storable-string';

export const UNSTORABLE_MESSAGE = 'contains a NUL character or an unpaired surrogate, which cannot be stored';
