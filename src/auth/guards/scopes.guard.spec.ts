import { SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ForbiddenError } from '../../common/errors/api-error';
import { Reflector } from '@nestjs/core';
import { RequireScopes } from '../decorators/require-scopes.decorator';
import type { Principal } from '../principal';
import type { Scope } from '../scopes';
import { REQUIRED_SCOPES, ScopesGuard } from './scopes.guard';

class OpenController {
  open(): void {}
}

class MethodScopedController {
  @RequireScopes('accounts--my:ro')
  read(): void {}

  @RequireScopes('accounts--my:rw')
  write(): void {}

  @SetMetadata(REQUIRED_SCOPES, [])
  nothingRequired(): void {}

  unannotated(): void {}
}

@SetMetadata(REQUIRED_SCOPES, ['accounts--my:rw'])
class ClassScopedController {
  inherited(): void {}

  @SetMetadata(REQUIRED_SCOPES, ['accounts--my:ro'])
  overridden(): void {}
}

function principal(scopes: string[]): Principal {
  return {
    accountId: 'acc_1',
    organizationId: '00000000-0000-4000-8000-000000000001',
    tokenId: '00000000-0000-4000-8000-000000000002',
    scopes,
  };
}

/** The parts of ExecutionContext the guard uses: handler, class and the HTTP request. */
function contextFor(controller: new () => object, method: string, user?: Principal): ExecutionContext {
  const handler = (controller.prototype as Record<string, unknown>)[method];
  if (typeof handler !== 'function') throw new Error(`${controller.name}.${method} is not a method`);
  const request = user === undefined ? {} : { user };
  return {
    getHandler: () => handler,
    getClass: () => controller,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}), getNext: () => () => undefined }),
    getType: () => 'http',
    getArgs: () => [request],
    getArgByIndex: () => request,
    switchToRpc: () => {
      throw new Error('not http');
    },
    switchToWs: () => {
      throw new Error('not http');
    },
  } as unknown as ExecutionContext;
}

describe('ScopesGuard', () => {
  const guard = new ScopesGuard(new Reflector());

  it('lets through a route that requires no scope, even without a principal', () => {
    expect(guard.canActivate(contextFor(OpenController, 'open'))).toBe(true);
    expect(guard.canActivate(contextFor(MethodScopedController, 'unannotated'))).toBe(true);
  });

  it('lets through a route whose required scopes are an empty list', () => {
    expect(guard.canActivate(contextFor(MethodScopedController, 'nothingRequired', principal([])))).toBe(true);
  });

  it('lets a read-only token through a read route', () => {
    expect(guard.canActivate(contextFor(MethodScopedController, 'read', principal(['accounts--my:ro'])))).toBe(true);
  });

  it('lets a read-write token through a read route (rw implies ro)', () => {
    expect(guard.canActivate(contextFor(MethodScopedController, 'read', principal(['accounts--my:rw'])))).toBe(true);
  });

  it('lets a read-write token through a write route', () => {
    expect(guard.canActivate(contextFor(MethodScopedController, 'write', principal(['accounts--my:rw'])))).toBe(true);
  });

  /** The message the 403's ErrorResponse body carries. */
  function refusalOf(context: ExecutionContext): string {
    try {
      guard.canActivate(context);
    } catch (error) {
      return ((error as ForbiddenError).getResponse() as { error: { message: string } }).error.message;
    }
    throw new Error('expected a refusal');
  }

  it('refuses a read-only token on a write route with 403 naming the missing scope', () => {
    const context = contextFor(MethodScopedController, 'write', principal(['accounts--my:ro']));
    expect(() => guard.canActivate(context)).toThrow(ForbiddenError);
    expect(refusalOf(context)).toMatch(/accounts--my:rw/);
  });

  it.each<[string, Scope]>([
    ['read', 'accounts--my:ro'],
    ['write', 'accounts--my:rw'],
  ])('refuses a token without any scope on the %s route', (method, scope) => {
    const context = contextFor(MethodScopedController, method, principal([]));
    expect(() => guard.canActivate(context)).toThrow(ForbiddenError);
    expect(refusalOf(context)).toContain(scope);
  });

  it('refuses with 403 (not a crash) when no principal is on the request', () => {
    expect(() => guard.canActivate(contextFor(MethodScopedController, 'read'))).toThrow(ForbiddenError);
  });

  it('ignores unknown scope names held by the token', () => {
    expect(() => guard.canActivate(contextFor(MethodScopedController, 'read', principal(['admin', 'accounts--my:*'])))).toThrow(
      ForbiddenError,
    );
  });

  it('falls back to the scopes required on the controller class', () => {
    expect(() => guard.canActivate(contextFor(ClassScopedController, 'inherited', principal(['accounts--my:ro'])))).toThrow(ForbiddenError);
    expect(guard.canActivate(contextFor(ClassScopedController, 'inherited', principal(['accounts--my:rw'])))).toBe(true);
  });

  it('lets scopes on the handler override those on the class', () => {
    expect(guard.canActivate(contextFor(ClassScopedController, 'overridden', principal(['accounts--my:ro'])))).toBe(true);
  });

  it('raises a ForbiddenError that is a 403 `authorization`', () => {
    let caught: unknown;
    try {
      guard.canActivate(contextFor(MethodScopedController, 'write', principal([])));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ForbiddenError);
    expect((caught as ForbiddenError).getStatus()).toBe(403);
    expect((caught as ForbiddenError).type).toBe('authorization');
  });
});
