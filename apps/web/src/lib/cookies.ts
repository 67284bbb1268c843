// The admin impersonation marker is a cookie set by the server (spec 1 section 6).
export const ADMIN_LOGIN_COOKIE = 'admin_login';

/** Cookies that belong to a session; a storage decode failure expires them (spec 1 section 8). */
const SESSION_COOKIES = ['session', 'accessToken', ADMIN_LOGIN_COOKIE] as const;

export function hasCookie(name: string): boolean {
  return document.cookie.split(';').some((part) => part.trim().split('=')[0] === name);
}

export function expireCookie(name: string): void {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

export function expireSessionCookies(): void {
  for (const name of SESSION_COOKIES) expireCookie(name);
}
