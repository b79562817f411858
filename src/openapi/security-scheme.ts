/** The name of the HTTP Basic scheme that authenticated routes declare (`@RequireScopes`). */
export const SECURITY_SCHEME = 'PersonalAccessToken';
