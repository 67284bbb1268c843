// The dev outbox as a page (development only): the e-mails the platform would have sent,
// newest first. It does not reload itself (a timed meta refresh takes the page away from a
// screen reader user and from whoever is typing in the filter): a Refresh link reloads it, and
// a small script asks the JSON route for new e-mails every 10 s while "Check every 10 s" is on,
// puts them in the table and says so in a polite live region. Everything shown is escaped (the
// server's rows) or set as text (the script's rows).

export interface OutboxPageMail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** How often the page asks for new e-mails while checking is on. */
export const OUTBOX_POLL_MS = 10_000;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const shownTime = (isoTime: string) => isoTime.slice(0, 16).replace('T', ' ');

function rowHtml(mail: OutboxPageMail): string {
  return (
    `<tr><td>${escapeHtml(shownTime(mail.created_at))}</td><td>${escapeHtml(mail.to)}</td>` +
    `<td><strong>${escapeHtml(mail.subject)}</strong><br><span>${escapeHtml(mail.text)}</span></td></tr>`
  );
}

const EMPTY_ROW = '<tr><td colspan="3">No e-mails yet.</td></tr>';

const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1b1e;line-height:1.4}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #d0d4d9;padding:.6rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#f1f3f5}span{color:#495057;white-space:pre-wrap}.bar{display:flex;flex-wrap:wrap;gap:.75rem 1.5rem;align-items:center;margin:1rem 0}
input[type=email]{padding:.4rem;width:min(20rem,100%)}button,.button{padding:.4rem .9rem;font:inherit;border:1px solid #1864ab;border-radius:4px;background:#1864ab;color:#fff;text-decoration:none;cursor:pointer}
a{color:#1864ab}:focus-visible{outline:3px solid #1864ab;outline-offset:2px}#status{color:#495057}
@media (max-width:40em){body{margin:1rem}td,th{padding:.4rem}}`;

/** The script: polls the JSON route while the box is ticked and replaces the rows when there is something new. */
function pollingScript(email: string | undefined): string {
  const source = `/api/dev/outbox${email ? `?email=${encodeURIComponent(email)}` : ''}`;
  return `(() => {
  const box = document.getElementById('auto');
  const rows = document.getElementById('rows');
  const status = document.getElementById('status');
  let newest = Number(rows.dataset.newest || 0);
  const cell = (text, bold) => { const td = document.createElement('td'); if (bold !== undefined) { const b = document.createElement('strong'); b.textContent = bold; const s = document.createElement('span'); s.textContent = text; td.append(b, document.createElement('br'), s); } else td.textContent = text; return td; };
  async function check() {
    if (!box.checked) return;
    try {
      const answer = await fetch(${JSON.stringify(source)}, { headers: { accept: 'application/json' } });
      const mails = (await answer.json()).data;
      const fresh = mails.filter((mail) => mail.id > newest).length;
      if (fresh === 0) return;
      rows.replaceChildren(...mails.map((mail) => { const tr = document.createElement('tr'); tr.append(cell(mail.created_at.slice(0, 16).replace('T', ' ')), cell(mail.to), cell(mail.text, mail.subject)); return tr; }));
      newest = mails[0].id;
      status.textContent = fresh + (fresh === 1 ? ' new e-mail' : ' new e-mails') + ' at ' + new Date().toISOString().slice(11, 19) + ' GMT';
    } catch { status.textContent = 'Could not check for new e-mails.'; }
  }
  setInterval(check, ${OUTBOX_POLL_MS});
})();`;
}

export function outboxPage(mails: Array<OutboxPageMail & { id: number }>, email: string | undefined): string {
  const filter = escapeHtml(email ?? '');
  const refreshUrl = `/dev/outbox${email ? `?email=${encodeURIComponent(email)}` : ''}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev outbox · PayWallet</title><style>${STYLE}</style></head><body><main>
<h1>Dev outbox</h1><p>E-mails the platform would have sent, newest first. Set SMTP_URL to send real e-mail.</p>
<form class="bar" method="get" action="/dev/outbox"><label for="email">Filter by e-mail</label>
<input id="email" name="email" type="email" value="${filter}" autocomplete="off"> <button type="submit">Filter</button></form>
<div class="bar"><a class="button" href="${escapeHtml(refreshUrl)}">Refresh</a>
<label><input id="auto" type="checkbox" checked> Check for new e-mails every ${OUTBOX_POLL_MS / 1000} s</label>
<span id="status" role="status" aria-live="polite"></span></div>
<table><thead><tr><th scope="col">Time (GMT)</th><th scope="col">To</th><th scope="col">Message</th></tr></thead>
<tbody id="rows" data-newest="${mails[0]?.id ?? 0}">${mails.map(rowHtml).join('') || EMPTY_ROW}</tbody></table>
</main><script>${pollingScript(email)}</script></body></html>`;
}
