import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sealPlaintextSecrets } from '../../database/secrets/seal-plaintext-secrets';
import { WebhookSecretBox } from '../../database/secrets/secret-box';

/**
 * At boot: with WEBHOOK_SECRET_KEY, seals secrets still in plain text (stored before the key was
 * set); without it, says loudly that secrets are stored in plain text.
 */
@Injectable()
export class WebhookSecretSealerService implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebhookSecretSealerService.name);

  constructor(
    private readonly box: WebhookSecretBox,
    private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.box.encrypts) {
      this.logger.warn('WEBHOOK_SECRET_KEY is not set: webhook signing secrets are stored in plain text');
      return;
    }
    const sealed = await sealPlaintextSecrets(this.dataSource.manager, this.box);
    if (sealed > 0) this.logger.log(`Encrypted ${sealed} webhook secrets stored in plain text`);
  }
}
