// The floor of `npm run bench:suite`'s cold-start row: a bare Node HTTP server answering
// ListTables with no tables, started and probed exactly as Keylab's endpoint is
// (`node <file> <port>`, banner, then ListTables). Keylab's start minus this one is
// Keylab's own share, comparable on any machine.
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'Content-Type': 'application/x-amz-json-1.0' });
    response.end('{"TableNames":[]}');
  });
});
server.listen(port, '127.0.0.1', () => console.log(`The floor server is running at http://127.0.0.1:${port}`));
