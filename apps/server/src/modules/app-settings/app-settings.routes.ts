import {
  getMerchantAppSettingsCall,
  updateMerchantAppCredentialsCall,
  updateMerchantAppSettingsCall,
  updateNotificationSettingsCall,
} from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import * as settings from './app-settings.service.ts';

// App Settings: the owner and staff granted app-setting act on the main account's settings; the
// secrets, Revoke Access and the IP whitelist are the main account's alone.
export function registerAppSettingsCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(getMerchantAppSettingsCall, async (_input, ctx) => ({ data: await settings.getAppSettings(deps, ctx.scope) }));
  dispatcher.register(updateMerchantAppCredentialsCall, async (_input, ctx) => ({
    data: await settings.revokeCredentials(deps, ctx.audit, ctx.scope),
    message: 'New credentials have been generated. The old ones no longer work.',
  }));
  dispatcher.register(updateNotificationSettingsCall, async (input, ctx) => ({
    data: await settings.updateNotificationSettings(deps, ctx.audit, ctx.scope, input),
    message: 'The notification settings have been saved.',
  }));
  dispatcher.register(updateMerchantAppSettingsCall, async (input, ctx) => ({
    data: await settings.updateAppSettings(deps, ctx.audit, ctx.scope, input),
    message:
      input.type === 'webhook'
        ? 'The webhook has been saved.'
        : input.type === 'removeWebHook'
          ? 'The webhook has been removed.'
          : 'The whitelisted IPs have been saved.',
  }));
}
