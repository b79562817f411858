import type { QueryInterpretation, WordReading } from '../../catalog/search/query-reading/query-interpretation';
import type { UcpMessage } from './ucp-types';

const QUERY_PATH = '$.query';

function wordMessage(w: WordReading): UcpMessage | null {
  const to = w.to?.join(', ');
  switch (w.status) {
    case 'not_found':
      return {
        type: 'info',
        code: 'query_word_not_found',
        path: QUERY_PATH,
        content: `No product of this catalog has "${w.word}"; results match the other words.`,
      };
    case 'corrected':
      return { type: 'info', code: 'query_word_corrected', path: QUERY_PATH, content: `"${w.word}" read as "${to}" (${w.via}).` };
    case 'expanded':
      return { type: 'info', code: 'query_word_expanded', path: QUERY_PATH, content: `"${w.word}" also matched as "${to}" (${w.via}).` };
    case 'excluded':
      return { type: 'info', code: 'query_word_excluded', path: QUERY_PATH, content: `Products with "${w.word}" are left out.` };
    case 'ignored':
      return w.reason === 'word_limit'
        ? {
            type: 'info',
            code: 'query_word_ignored',
            path: QUERY_PATH,
            content: `"${w.word}" ignored: the query has more words than are searched.`,
          }
        : null;
    default:
      return null;
  }
}

/**
 * The notable readings of a query as UCP info messages, one each (words matched as typed and stop
 * words are not notable); the whole reading is also in the response's `interpretation` field.
 */
export function interpretationMessages(reading: QueryInterpretation): UcpMessage[] {
  const messages: UcpMessage[] = [];
  if (reading.match === 'code') {
    messages.push({
      type: 'info',
      code: 'query_code_match',
      path: QUERY_PATH,
      content: 'The query was read as a product code; exact matches are returned.',
    });
  }
  for (const word of reading.words) {
    const message = wordMessage(word);
    if (message) messages.push(message);
  }
  const { price_min: min, price_max: max, availability, sort } = reading.inferred;
  if (min || max) {
    const range = [min && `from ${min.amount} ${min.currency}`, max && `up to ${max.amount} ${max.currency}`].filter(Boolean).join(' ');
    messages.push({
      type: 'info',
      code: 'query_filter_inferred',
      path: QUERY_PATH,
      content: `Price filter read from the query: ${range}.`,
    });
  }
  if (availability) {
    messages.push({
      type: 'info',
      code: 'query_filter_inferred',
      path: QUERY_PATH,
      content: `Availability filter read from the query: ${availability.join(', ')}.`,
    });
  }
  if (sort) messages.push({ type: 'info', code: 'query_sort_inferred', path: QUERY_PATH, content: `Order read from the query: ${sort}.` });
  if (reading.match === 'partial' && !reading.words.some((w) => w.status === 'not_found')) {
    messages.push({
      type: 'info',
      code: 'query_partial_match',
      path: QUERY_PATH,
      content: 'Results with only some of the words were added after those with all of them.',
    });
  }
  return messages;
}
