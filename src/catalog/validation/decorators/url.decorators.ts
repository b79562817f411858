import { HTTP_URL_MESSAGE, isHttpUrl } from '../rules/http-url';
import { Satisfies } from './satisfies.decorator';

export function IsHttpUrl(): PropertyDecorator {
  return Satisfies('httpUrl', isHttpUrl, HTTP_URL_MESSAGE);
}
