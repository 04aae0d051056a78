import { createServer } from 'node:http';

/** The article the import journey reads; its words are what the description must show. */
export const IMPORTED_PAGE = {
  path: '/solar-bench',
  title: 'Solar Bench Project',
  text: 'We are building a bench that charges phones with solar panels on the main quad.',
};

const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${IMPORTED_PAGE.title}</title></head>
  <body>
    <nav><a href="/">Home</a> <a href="/about">About</a></nav>
    <main>
      <article>
        <h1>${IMPORTED_PAGE.title}</h1>
        <p>${IMPORTED_PAGE.text}</p>
        <p>The frame is done. We need help with the charging circuit and with a small website
        that shows how much energy the bench has collected today.</p>
        <p>Meetings are on Thursdays in the engineering workshop, and everyone is welcome.</p>
      </article>
    </main>
    <footer>Made by students</footer>
  </body>
</html>`;

/**
 * A local web page for "Import from a link": an HTML page with a title and an article, on a free
 * loopback port the server is told to allow (DATA_ALLOWED_HOSTS).
 */
export async function startPageServer() {
  const server = createServer((request, response) => {
    if (request.url !== IMPORTED_PAGE.path) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}${IMPORTED_PAGE.path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
