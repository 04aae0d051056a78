import { escapeHtml } from '../../lib/escape-html';

export interface HostedPageModel {
  redirectUrl: string;
  projectId: string;
  /** The client's sign-in state, returned with the tokens so it knows it asked for them. */
  state?: string;
  email?: string;
  error?: string;
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f5f5ff;margin:0;display:grid;place-items:center;min-height:100vh}
main{box-sizing:border-box;background:#fff;padding:32px;border-radius:12px;box-shadow:0 2px 12px #0001;width:min(424px,100% - 32px)}
h1{font-size:22px;margin:0 0 16px}label{display:block;margin:12px 0 4px;font-weight:600}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #bbb;border-radius:6px;font-size:16px}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:6px;background:#4f46e5;color:#fff;font-size:16px;cursor:pointer}
a{color:#4f46e5}:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}.error{background:#fee2e2;color:#991b1b;padding:10px;border-radius:6px}`;

function renderPage(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · CampusCollab</title>
<style>
${STYLE}
</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>`;
}

const alert = (message: string) => `<p role="alert" class="error">${escapeHtml(message)}</p>`;

/**
 * The hosted sign-in page (docs/product.md §7.1: GET /auth, for other clients). A plain form that
 * posts back to /auth: it needs no script, so it works under the strict CSP.
 */
export function renderHostedSignInPage(model: HostedPageModel): string {
  const error = model.error ? alert(model.error) : '';
  const state =
    model.state === undefined
      ? ''
      : `\n<input type="hidden" name="state" value="${escapeHtml(model.state)}">`;
  return renderPage(
    'Sign in',
    `<h1>Sign in to CampusCollab</h1>
${error}
<form method="post" action="/auth">
<input type="hidden" name="redirect_url" value="${escapeHtml(model.redirectUrl)}">
<input type="hidden" name="project_id" value="${escapeHtml(model.projectId)}">${state}
<label for="email">School email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(model.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required minlength="8">
<button type="submit">Sign In</button>
</form>`,
  );
}

/** What a sign-in posted from another site gets: no form to retry, a way to our own page. */
export function renderForeignPostPage(homeUrl: string): string {
  return renderPage(
    'Sign-in refused',
    `<h1>Sign-in refused</h1>
${alert('This sign-in was sent from another website, so it was not carried out. To sign in, open CampusCollab yourself.')}
<p><a href="${escapeHtml(homeUrl)}">Go to CampusCollab</a></p>`,
  );
}
