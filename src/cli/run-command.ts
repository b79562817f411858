import type { AuthAdminService } from '../auth/auth-admin.service';
import type { CliCommand } from './cli-args';

export function runCommand(admin: AuthAdminService, command: CliCommand): Promise<object> {
  switch (command.kind) {
    case 'organizations:create':
      return admin.createOrganization(command.name);
    case 'organizations:set-language':
      return admin.setOrganizationLanguage(command.organizationId, command.language);
    case 'accounts:create':
      return admin.createAccount(command.organizationId, command.id);
    case 'accounts:disable':
      return admin.setAccountDisabled(command.accountId, true);
    case 'accounts:enable':
      return admin.setAccountDisabled(command.accountId, false);
    case 'tokens:create':
      return admin.createToken(command);
    case 'tokens:list':
      return admin.listTokens(command.accountId);
    case 'tokens:revoke':
      return admin.revokeToken(command.tokenId);
  }
}
