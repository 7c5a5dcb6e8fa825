/** Identity kept in session storage after sign-in, to prefill forms (PRODUCT-RULES 22). */
export interface TIdentity {
  givenName: string;
  familyName: string;
  email: string;
}

const KEY = 'apron.identity';

export function saveIdentity(identity: TIdentity): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(identity));
  } catch {
    // storage unavailable: forms simply are not prefilled
  }
}

export function readIdentity(): TIdentity | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<TIdentity>;
    return {
      givenName: typeof value.givenName === 'string' ? value.givenName : '',
      familyName: typeof value.familyName === 'string' ? value.familyName : '',
      email: typeof value.email === 'string' ? value.email : '',
    };
  } catch {
    return null;
  }
}
