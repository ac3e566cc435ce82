// A stand-in for `onyx serve --demo`, for checking the web app and its e2e test
// while the Rust server is being written. It implements only the calls the
// e2e journey makes, with the shapes of docs/api.md, and serves web/dist.
// Usage: node e2e/mock-server.mjs [port]   then ONYX_URL=http://127.0.0.1:PORT npm run e2e
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist');
const defaults = JSON.parse(await readFile(path.join(here, '../../crates/core/src/settings/defaults.json'), 'utf8'));
defaults.AUTH_LIMIT.isOpenPrimary = true; // as the demo seed does
const port = Number(process.argv[2] || 8090);

const users = new Map([['demo', { userId: 1, username: 'demo', password: 'demo-pass-1', inviteCode: 'ONYXDEMO' }]]);
const sessions = new Map();
const outbox = [];
let nextId = 2;

const ok = (data = null) => ({ code: 200, msg: '', data });
const fail = (code, msg) => ({ code, msg, data: null });
const kycNone = () => ({ status: 'none', reason: null, realName: null, submitTime: null });

function publicUser(u) {
  return {
    userId: u.userId, username: u.username, email: u.email ?? null, phone: u.phone ?? null, inviteCode: u.inviteCode,
    parentInviteCode: u.parent ?? null, credits: '80', vipLevel: 0, status: 'active', hasTradePwd: false,
    createTime: new Date().toISOString(), kyc: { primary: u.kyc?.primary ?? kycNone(), advanced: u.kyc?.advanced ?? kycNone() },
  };
}

function login(u) {
  const token = `tok-${Math.random().toString(36).slice(2)}`;
  sessions.set(token, u.username);
  return token;
}

async function body(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return Buffer.concat(chunks);
}

async function handleApi(req, url) {
  const q = Object.fromEntries(url.searchParams);
  const raw = await body(req);
  const json = (req.headers['content-type'] || '').includes('json') && raw.length ? JSON.parse(raw.toString()) : {};
  const me = users.get(sessions.get(req.headers.satoken));
  const p = url.pathname;
  const needMe = () => (me ? null : fail(500, 'Token invalid'));
  switch (`${req.method} ${p}`) {
    case 'GET /api/common/getAllSetting': return ok(defaults);
    case 'POST /api/user/autoLogin': return ok(null);
    case 'POST /api/user/register': {
      if (json.inviteCode !== 'ONYXDEMO') return fail(-1001, 'Invite code is required');
      if (users.has(json.username)) return fail(-1002, 'Username taken');
      const u = { userId: nextId++, username: json.username, password: json.password, inviteCode: `INV${nextId}`, parent: json.inviteCode };
      users.set(u.username, u);
      return ok({ satoken: login(u) });
    }
    case 'POST /api/user/login': {
      const u = users.get(json.username);
      if (!u || u.password !== json.password) return fail(-1003, 'Wrong username or password');
      return ok({ satoken: login(u) });
    }
    case 'POST /api/user/loginOut': sessions.delete(req.headers.satoken); return ok();
    case 'GET /api/user/getInfo': return needMe() ?? ok({ user: publicUser(me), asset: [], withdrawAddress: { type: '', address: '' } });
    case 'GET /api/user/withdrawAddress': return needMe() ?? ok([]);
    case 'POST /api/user/sendEmailCode': {
      const code = String(Math.floor(100000 + Math.random() * 900000));
      outbox.unshift({ target: q.email, code, codeType: q.codeType });
      return ok();
    }
    case 'POST /api/user/bindEmail': {
      if (needMe()) return needMe();
      const hit = outbox.find((o) => o.target === q.email);
      if (!hit || hit.code !== q.emailCode) return fail(-1010, 'Wrong code');
      me.email = q.email;
      return ok();
    }
    case 'POST /api/user/getCountryCode': return ok([{ iso: 'GB', dialCode: '+44', name: 'United Kingdom' }, { iso: 'US', dialCode: '+1', name: 'United States' }]);
    case 'POST /api/common/upload/OSS': return needMe() ?? ok({ id: nextId, url: `/api/common/file/${nextId++}`, fileName: 'f.png', size: raw.length });
    case 'POST /api/user/uploadKYC': {
      if (needMe()) return needMe();
      me.kyc = me.kyc ?? {};
      me.kyc[q.type === '1' ? 'primary' : 'advanced'] = { status: 'pending', reason: null, realName: q.realName, submitTime: new Date().toISOString() };
      return ok();
    }
    case 'GET /api/message/list': return needMe() ?? ok({ rows: [], total: 0, unread: 0 });
    case 'GET /api/notice/list': return ok([{ id: 1, key: 'ROLL_NOTICE', modelKey: 'HOME', title: 'Welcome to Onyx demo', content: '' }]);
    case 'GET /api/help/list': return ok([]);
    case 'GET /api/option/rules/list': return ok([]);
    case 'POST /api/admin/login': return json.username === 'admin' && json.password === 'admin-pass-1' ? ok({ adminToken: 'adm', role: 'owner' }) : fail(-1, 'bad');
    case 'GET /api/admin/outbox': return req.headers.admintoken === 'adm' ? ok({ rows: outbox.filter((o) => o.target === q.target), total: 1 }) : fail(500, 'Token invalid');
    default: return fail(-404, `not in the mock: ${req.method} ${p}`);
  }
}

const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json' };

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  try {
    if (url.pathname.startsWith('/api/')) {
      const out = await handleApi(req, url);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify(out));
    }
    let file = path.join(dist, path.normalize(url.pathname));
    if (!file.startsWith(dist) || !(await stat(file).then((s) => s.isFile(), () => false))) file = path.join(dist, 'index.html');
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
    res.end(await readFile(file));
  } catch (e) {
    res.writeHead(500);
    res.end(String(e));
  }
}).listen(port, '127.0.0.1', () => console.log(`mock onyx on http://127.0.0.1:${port}`));
