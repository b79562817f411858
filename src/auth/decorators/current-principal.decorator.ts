import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Principal } from '../principal';

export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  return context.switchToHttp().getRequest<{ user: Principal }>().user;
});
