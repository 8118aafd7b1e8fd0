/**
 * A person signs an agent in, in Chromium: the authorization URL the MCP SDK made, the sign-in page
 * (a wrong password first), the consent page naming the agent, Allow; the agent exchanges the code
 * and archives a conversation through the tool server. axe-core on both pages, light and dark.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { discoverAuthorizationServerMetadata, exchangeAuthorization, registerClient, startAuthorization } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { demoPasswordFor, memberEmailFor } from '../../emulator/seed/workspace';
import { CLIENT_METADATA, MemoryOAuthProvider, REDIRECT_URI } from '../../scripts/agent/sign-in';
import { seriousViolations } from './axe';
import { canonicalUrl, expect, test } from './fixtures';

test('a member signs an agent in through the sign-in and consent pages, and the agent archives', async ({ extension, emulator, emulatorConversation }) => {
  // Four axe runs (two pages, two themes) on a shared two-core machine.
  test.setTimeout(240_000);
  const origin = emulator.origin;
  const metadata = await discoverAuthorizationServerMetadata(origin);
  const clientMetadata = { ...CLIENT_METADATA, client_name: 'Desk Assistant' };
  const clientInformation = await registerClient(origin, { metadata, clientMetadata });
  const resource = new URL(`${origin}/mcp`);
  const { authorizationUrl, codeVerifier } = await startAuthorization(origin, { metadata, clientInformation, redirectUrl: REDIRECT_URI, resource, state: 'st-42' });

  const page = await extension.context.newPage();
  await page.goto(authorizationUrl.href);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Desk Assistant asks to use the outreach service')).toBeVisible();
  const email = memberEmailFor('demo-pro', 'Sam Rivera');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password (4 attempts left).');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Password').fill(demoPasswordFor(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Allow Desk Assistant?' })).toBeVisible();
  await expect(page.getByText('demo-pro', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The agent's loopback listener is not running: the request the browser makes is the answer.
  const [callback] = await Promise.all([
    page.waitForRequest((r) => r.url().startsWith(REDIRECT_URI), { timeout: 30_000 }),
    page.getByRole('button', { name: 'Allow' }).click(),
  ]);
  const back = new URL(callback.url());
  expect(back.searchParams.get('state')).toBe('st-42');
  const code = back.searchParams.get('code') ?? '';

  const provider = new MemoryOAuthProvider(clientMetadata);
  provider.saveClientInformation(clientInformation);
  provider.saveTokens(await exchangeAuthorization(origin, { metadata, clientInformation, authorizationCode: code, codeVerifier, redirectUri: REDIRECT_URI, resource }));
  const agent = new Client({ name: 'Desk Assistant', version: '1.0.0' });
  await agent.connect(new StreamableHTTPClientTransport(resource, { authProvider: provider }));
  const call = async <T,>(name: string, args: Record<string, unknown>): Promise<T> => {
    const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError, name).toBeFalsy();
    return JSON.parse((result.content[0] as { text: string }).text) as T;
  };
  const { lead } = await call<{ lead: { id: string } }>('search_leads', { pronetUrl: canonicalUrl('ada-lovelace') });
  const { data } = await call<{ data: { id: string }[] }>('get_lead_conversations', { leadId: lead.id });
  const conversationId = data[0]?.id ?? '';
  await call('archive_conversation', { conversationId });
  expect((await emulatorConversation(conversationId)).status).toBe('ARCHIVED');
  await agent.close();
});
