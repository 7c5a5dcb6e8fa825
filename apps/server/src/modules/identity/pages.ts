import type { DemoAccount } from '../../demo/demo-accounts';

/**
 * The built-in provider's pages, rendered on the server. The portal's CSP allows no inline
 * script, so the pages work without any script; their look comes from one stylesheet served
 * from /oidc/assets/signin.css (no inline style either).
 */
export const STYLESHEET_PATH = '/oidc/assets/signin.css';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(title: string, airportName: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - ${escapeHtml(airportName)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main class="card">
<p class="airport">${escapeHtml(airportName)}</p>
${body}
</main>
</body>
</html>`;
}

function alert(message: string | undefined): string {
  return message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : '';
}

export interface SignInPageOptions {
  airportName: string;
  action: string;
  email?: string;
  error?: string;
  /** Demo mode only: the demo accounts and their shared password. */
  demo?: { accounts: readonly DemoAccount[]; password: string } | null;
}

export function signInPage(options: SignInPageOptions): string {
  const demo = options.demo
    ? `<section class="demo" aria-labelledby="demo-heading">
<h2 id="demo-heading">Demo accounts</h2>
<p>Every demo account uses the password <code>${escapeHtml(options.demo.password)}</code>.</p>
<table>
<thead><tr><th scope="col">Email</th><th scope="col">Role</th></tr></thead>
<tbody>
${options.demo.accounts.map((a) => `<tr><td>${escapeHtml(a.email)}</td><td>${escapeHtml(a.role)}</td></tr>`).join('\n')}
</tbody>
</table>
</section>`
    : '';
  return layout(
    'Sign in',
    options.airportName,
    `<h1>Sign in</h1>
${alert(options.error)}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}"${options.email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${options.email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
${demo}`,
  );
}

export interface SetPasswordPageOptions {
  airportName: string;
  action: string;
  minLength: number;
  errors?: { password?: string; confirm?: string };
}

export function setPasswordPage(options: SetPasswordPageOptions): string {
  const fieldError = (id: string, message: string | undefined) =>
    message ? `<p class="field-error" id="${id}-error">${escapeHtml(message)}</p>` : '';
  const describedBy = (id: string, message: string | undefined) => (message ? ` aria-describedby="${id}-error" aria-invalid="true"` : '');
  return layout(
    'Set your password',
    options.airportName,
    `<h1>Set your password</h1>
<p>Choose a password of at least ${options.minLength} characters.</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${options.minLength}"${describedBy('password', options.errors?.password)}>
${fieldError('password', options.errors?.password)}
<label for="confirm">Repeat the new password</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required${describedBy('confirm', options.errors?.confirm)}>
${fieldError('confirm', options.errors?.confirm)}
<button type="submit">Set password</button>
</form>`,
  );
}

/** A page with a heading, a sentence and optionally one link (results and errors). */
export function messagePage(options: { airportName: string; title: string; message: string; link?: { href: string; text: string } }): string {
  const link = options.link ? `<p><a class="button" href="${escapeHtml(options.link.href)}">${escapeHtml(options.link.text)}</a></p>` : '';
  return layout(options.title, options.airportName, `<h1>${escapeHtml(options.title)}</h1>\n<p>${escapeHtml(options.message)}</p>\n${link}`);
}

export const SIGN_IN_CSS = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f6f8;color:#1a2027;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.card{width:100%;max-width:26rem;margin:1rem;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.12)}
.airport{margin:0 0 .25rem;color:#3b4754;font-weight:600}
h1{margin:0 0 1rem;font-size:1.75rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;margin-top:.25rem;padding:.625rem .75rem;border:1px solid #6b7785;border-radius:4px;font:inherit}
button,.button{display:inline-block;margin-top:1.5rem;padding:.625rem 1.25rem;border:0;border-radius:4px;background:#0b57a4;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
button{width:100%}
button:hover,.button:hover{background:#094a8b}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.alert{margin:0 0 1rem;padding:.75rem 1rem;border-left:4px solid #b3261e;background:#fdecea;color:#7a1a14}
.field-error{margin:.25rem 0 0;color:#b3261e}
.demo table{width:100%;border-collapse:collapse;font-size:.875rem}
.demo th,.demo td{padding:.375rem .25rem;border-bottom:1px solid #dde2e7;text-align:left}
code{font-size:.95em;background:#eef1f4;padding:0 .25rem;border-radius:3px}
`;
