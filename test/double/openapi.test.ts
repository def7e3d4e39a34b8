// The double holds request bodies to Discord's published OpenAPI description: raw requests (no
// discord.js, whose builders would refuse these bodies before sending) and an HTTP interactions
// endpoint whose answers the test chooses.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordDouble, type ChannelRecord, type UserRecord } from './discord-double.js';

const CALLBACK = 'POST /interactions/{interaction_id}/{interaction_token}/callback';

const row = (...components: Record<string, unknown>[]) => ({ type: 1, components });
const button = (label: string, customId = 'go') => ({ type: 2, style: 1, label, custom_id: customId });

describe("the double checks bodies against Discord's OpenAPI description", () => {
  let double: DiscordDouble;
  let channel: ChannelRecord;
  let user: UserRecord;
  let endpoint: Server;
  /** What the endpoint answers to the next interaction. */
  let answer: unknown = { type: 5 };

  beforeAll(async () => {
    double = await DiscordDouble.start();
    const guild = double.addGuild();
    channel = double.addChannel(guild.id);
    user = double.addUser({ username: 'ada' });
    // Signatures are the double's own business here; only the forged one it sends is refused.
    endpoint = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.headers['x-signature-ed25519'] === '00'.repeat(64)) return void res.writeHead(401).end();
        const ping = (JSON.parse(Buffer.concat(chunks).toString()) as { type: number }).type === 1;
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(ping ? { type: 1 } : answer));
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    await double.http.setUrls([`http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/`]);
  });

  afterAll(async () => {
    await double?.close();
    await new Promise((resolve) => endpoint?.close(resolve));
  });

  async function call(method: string, route: string, body: unknown, opts: { auth?: boolean; multipart?: boolean } = {}) {
    const headers: Record<string, string> = opts.auth === false ? {} : { Authorization: `Bot ${double.token}` };
    let payload: string | FormData = JSON.stringify(body);
    if (opts.multipart) {
      const form = new FormData();
      form.append('payload_json', payload);
      form.append('files[0]', new Blob([Buffer.from('png')], { type: 'image/png' }), 'board.png');
      payload = form;
    } else {
      headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(`${double.apiUrl}/v10${route}`, { method, headers, body: payload });
    return { status: res.status, body: res.status === 204 ? undefined : ((await res.json()) as Record<string, any>) };
  }

  it('accepts a valid message and refuses what the spec refuses, with 50035 and the failing paths', async () => {
    const ok = await call('POST', `/channels/${channel.id}/messages`, { content: 'hello', components: [row(button('Play'))], nonce: '123', enforce_nonce: true });
    expect(ok.status).toBe(200);
    expect(double.violations).toEqual([]);

    const bad = await call('POST', `/channels/${channel.id}/messages`, {
      content: 'hello',
      components: [row(button('x'.repeat(81)), { type: 99, custom_id: 'odd' }), { type: 42 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 50035, message: 'Invalid Form Body' });
    expect(bad.body!.errors).toEqual({
      components: {
        0: {
          components: {
            0: { label: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 80 or fewer in length.' }] } },
            1: { type: { _errors: [expect.objectContaining({ code: 'UNION_TYPE_CHOICES' })] } },
          },
        },
        1: { type: { _errors: [expect.objectContaining({ code: 'UNION_TYPE_CHOICES' })] } },
      },
    });
    expect(double.violations).toHaveLength(1);
    expect(double.violations[0]).toMatchObject({ route: `POST /channels/${channel.id}/messages`, status: 400, code: 50035, openapi: true });
    expect(double.violations[0]!.message).toContain('components[0].components[0].label');
    expect(double.channelMessages(channel.id)).toHaveLength(1);
    double.violations.length = 0;
  });

  it('checks HTTP answers, callbacks, follow-ups and edits with the callback and webhook schemas', async () => {
    // An HTTP answer with 2001 characters is refused and the interaction stays unanswered.
    answer = { type: 4, data: { content: 'x'.repeat(2001) } };
    const rec = await double.slash(user, channel.id, 'help');
    await double.waitFor(() => double.violations.length === 1);
    expect(double.violations[0]).toMatchObject({ code: 50035, openapi: true, interactionId: rec.id });
    expect(double.violations[0]!.message).toContain('data.content');
    expect(rec.ackAt).toBeUndefined();

    // The same interaction answered over REST: refused, then accepted.
    const callback = `/interactions/${rec.id}/${rec.token}/callback`;
    const refused = await call('POST', callback, { type: 4, data: { content: 'y'.repeat(2001) } }, { auth: false });
    expect(refused).toMatchObject({ status: 400, body: { code: 50035, errors: { data: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } } } });
    expect(rec.errors.map((e) => e.code)).toEqual([50035, 50035]);
    expect((await call('POST', callback, { type: 4, data: { content: 'fine', components: [row(button('OK'))] } }, { auth: false })).status).toBe(204);

    // A follow-up and a multipart edit of the original go through the webhook schemas.
    const webhook = `/webhooks/${double.applicationId}/${rec.token}`;
    const followUp = await call('POST', `${webhook}?wait=true`, { content: 'more', components: [row({ type: 2, style: 1, custom_id: 'x', label: 'ok', emoji: 'nope' })] }, { auth: false });
    expect(followUp).toMatchObject({ status: 400, body: { code: 50035, errors: { components: { 0: { components: { 0: { emoji: {} } } } } } } });
    const edit = await call('PATCH', `${webhook}/messages/@original`, { attachments: [{ id: 'first' }] }, { auth: false, multipart: true });
    expect(edit).toMatchObject({ status: 400, body: { code: 50035, errors: { attachments: { 0: { id: { _errors: [{ code: 'NUMBER_TYPE_COERCE' }] } } } } } });
    const goodEdit = await call('PATCH', `${webhook}/messages/@original`, { content: 'board', attachments: [{ id: '0', description: 'the board' }] }, { auth: false, multipart: true });
    expect(goodEdit.status).toBe(200);
    expect(rec.reply).toMatchObject({ content: 'board', attachments: [expect.objectContaining({ filename: 'board.png', description: 'the board' })] });
    expect(double.violations.filter((v) => !v.openapi)).toEqual([]);
    expect(double.violations).toHaveLength(4);
  });

  it('records the routes used, as the spec names them, with counts', () => {
    const used = Object.fromEntries(double.routesUsed().map((r) => [r.route, r.count]));
    expect(used).toMatchObject({
      'POST /channels/{channel_id}/messages': 2,
      [`HTTP answer (${CALLBACK})`]: 1,
      [CALLBACK]: 2,
      'POST /webhooks/{webhook_id}/{webhook_token}': 1,
      'PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original': 2,
    });
    expect(double.routesUsed().map((r) => r.route)).toEqual(Object.keys(used).sort());
  });
});
