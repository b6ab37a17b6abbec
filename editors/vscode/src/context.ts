// Pt2bbContext owns the LanguageClient that runs `pt2bb lsp`, its output channel and its
// lifecycle (start, stop, restart on settings that need a new process or on workspace trust).
// Features get it in their activate(ctx) and push their disposables into ctx.subscriptions; those
// that talk to the server register on onWillStartClient, since every restart makes a new client.
//
// Threading: VS Code runs every extension callback on the extension host's single JS thread; the
// async methods here interleave only at their awaits, and start/stop are serialised by `pending`.
import * as fs from 'fs';
import * as vscode from 'vscode';
import {
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';

import { findServer } from './server-path';
import { advertisedCommands } from './server-commands';
import { initializationOptions, readSettings, RESTART_KEYS, serverArgs, Settings } from './settings';
import { ClientState } from './status-model';

export const CLIENT_ID = 'pt2bb';  // Also the prefix of the `pt2bb.trace.server` setting.
const CLIENT_NAME = 'PT2 Bug Basher';

export class Pt2bbContext implements vscode.Disposable {
  readonly subscriptions: vscode.Disposable[] = [];
  readonly output: vscode.OutputChannel;
  client: LanguageClient | undefined;
  state: ClientState = 'stopped';
  stateDetail = '';

  private readonly stateEmitter = new vscode.EventEmitter<ClientState>();
  readonly onDidChangeState = this.stateEmitter.event;
  private readonly willStartEmitter = new vscode.EventEmitter<LanguageClient>();
  readonly onWillStartClient = this.willStartEmitter.event;
  // Start and stop never overlap: each waits for the previous one.
  private pending: Promise<void> = Promise.resolve();

  constructor(readonly extension: vscode.ExtensionContext) {
    this.output = vscode.window.createOutputChannel(CLIENT_NAME);
    this.subscriptions.push(this.output, this.stateEmitter, this.willStartEmitter);
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (RESTART_KEYS.some((k) => e.affectsConfiguration(`pt2bb.${k}`))) void this.restart();
      }),
      // Leaving restricted mode: a new server told trusted=true may now run jobs.
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.restart()),
    );
  }

  get trusted(): boolean {
    return vscode.workspace.isTrusted;
  }

  settings(): Settings {
    return readSettings(vscode.workspace.getConfiguration('pt2bb'));
  }

  // The commands the running server advertised in its initialize result.
  serverCommands(): string[] {
    return advertisedCommands(this.client?.initializeResult?.capabilities);
  }

  // Sends workspace/executeCommand and returns the server's result (throws on an error reply).
  async executeServerCommand(command: string, args: unknown[]): Promise<unknown> {
    const client = this.client;
    if (!client || !client.isRunning()) throw new Error('the pt2bb server is not running');
    return client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args });
  }

  start(): Promise<void> {
    return this.serialise(() => this.doStart());
  }

  stop(): Promise<void> {
    return this.serialise(() => this.doStop());
  }

  restart(): Promise<void> {
    return this.serialise(async () => {
      await this.doStop();
      await this.doStart();
    });
  }

  dispose(): void {
    void this.stop();
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }

  private serialise(step: () => Promise<void>): Promise<void> {
    this.pending = this.pending.then(step, step);
    return this.pending;
  }

  private setState(state: ClientState, detail = ''): void {
    this.state = state;
    this.stateDetail = detail;
    this.stateEmitter.fire(state);
  }

  private async doStart(): Promise<void> {
    const settings = this.settings();
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    const found = findServer(settings.serverPath, {
      env: process.env,
      extensionDir: this.extension.extensionPath,
      workspaceFolder: folder,
      isExecutable: isExecutableFile,
    });
    if ('error' in found) {
      this.output.appendLine(`[pt2bb] cannot start the server: ${found.error}`);
      this.setState('failed', found.error);
      void vscode.window.showErrorMessage(`PT2 Bug Basher: ${found.error}.`, 'Open Settings').then((pick) => {
        if (pick) void vscode.commands.executeCommand('workbench.action.openSettings', 'pt2bb.serverPath');
      });
      return;
    }
    this.output.appendLine(`[pt2bb] starting ${found.path} (from ${found.source}), workspace ${this.trusted ? 'trusted' : 'NOT trusted'}`);
    const args = serverArgs(settings);
    const serverOptions: ServerOptions = {
      run: { command: found.path, args, transport: TransportKind.stdio, options: { cwd: folder } },
      debug: { command: found.path, args, transport: TransportKind.stdio, options: { cwd: folder } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: 'file', language: 'python' },
        // Failure logs are triaged when opened (the server decides what a log is from the same globs).
        ...settings.logGlobs.map((pattern) => ({ scheme: 'file', pattern })),
      ],
      initializationOptions: initializationOptions(settings, this.trusted, vscode.env.language),
      // Sends {"settings": {"pt2bb": {...}}} on every change of the section; the server merges it.
      synchronize: { configurationSection: 'pt2bb' },
      outputChannel: this.output,
      traceOutputChannel: this.output,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      markdown: { isTrusted: false, supportHtml: false },
    };
    const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
    this.client = client;
    client.onDidChangeState((e) => {
      if (this.client !== client) return;  // A stale client of an earlier start.
      if (e.newState === State.Running) this.setState('running');
      else if (e.newState === State.Starting) this.setState('starting');
      else if (this.state !== 'failed') this.setState('stopped');
    });
    this.willStartEmitter.fire(client);
    this.setState('starting');
    try {
      await client.start();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.output.appendLine(`[pt2bb] the server failed to start: ${message}`);
      this.setState('failed', message);
    }
  }

  private async doStop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) {
      try {
        // dispose() stops the server (shutdown, exit) and also drops the client's registrations,
        // such as the VS Code commands it made for the server's commands.
        await client.dispose(5000);
      } catch (err) {
        this.output.appendLine(`[pt2bb] stopping the server: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    this.setState('stopped');
  }
}

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
