// Reads the API document on stdin and writes it back formatted (two-space
// JSON, trailing newline), so the committed copy diffs line by line.
let text = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (text += chunk));
process.stdin.on('end', () => {
  process.stdout.write(JSON.stringify(JSON.parse(text), null, 2) + '\n');
});
