// Shared shapes of the kubectl emulator: parsed arguments, output chunks, the command context.

import type { Kind } from '../api/types';
import type { Simulation } from '../simulation';
import type { Kubeconfig } from './kubeconfig';

export type Stream = 'stdout' | 'stderr';

export interface Chunk {
  stream: Stream;
  text: string;
}

export interface KubectlResult {
  chunks: Chunk[];
  exitCode: number;
  /** structured problems with applied manifests (for editor markers) */
  diagnostics?: Diagnostic[];
}

/** A problem with one document of a manifest: the API field path and/or YAML line when known. */
export interface Diagnostic {
  /** 0-based index of the YAML document */
  document: number;
  field?: string;
  /** 1-based line in the manifest text */
  line?: number;
  column?: number;
  message: string;
}

export interface KubectlOptions {
  /** Contents of a heredoc / standard input, for `-f -`. */
  stdin?: string;
  /** Reads a file named by `-f FILE` (relative paths are the caller's business). Throws if missing. */
  readFile?: (path: string) => string;
  /** Called with each chunk as it is written (streaming `rollout status`). */
  onChunk?: (c: Chunk) => void;
  /** argv[0] as the user typed it (for --record's change-cause); default `kubectl`. */
  argv0?: string;
  /**
   * The session's kubeconfig (its context's namespace is the one a command without `-n` uses;
   * `kubectl config set-context` changes it). runKubectl makes a fresh one when none is given.
   */
  kubeconfig?: Kubeconfig;
}

export type FlagType = 'bool' | 'string' | 'int' | 'stringArray' | 'duration';

export interface FlagSpec {
  name: string;
  short?: string;
  type: FlagType;
  /** printed by --help */
  usage?: string;
  default?: string;
  /** pflag's NoOptDefVal: the value of `--flag` given without one (`--validate` means strict) */
  noOptDefault?: string;
  deprecated?: string;
  /** an `int` flag's size (pflag Int32Var: 32); 64 when not given */
  bits?: 32 | 64;
}

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string[]>;
  /** flags in command-line order as the user wrote them, long names, with values (for --record) */
  ordered: { name: string; value: string }[];
}

/** Output helper handed to every command. */
export class Output {
  readonly chunks: Chunk[] = [];
  readonly diagnostics: Diagnostic[] = [];
  /** Records a structured problem with a manifest document (shown as an editor marker). */
  diagnose(d: Diagnostic): void {
    this.diagnostics.push(d);
  }
  constructor(private readonly onChunk?: (c: Chunk) => void) {}
  out(text: string): void {
    this.write('stdout', text);
  }
  err(text: string): void {
    this.write('stderr', text);
  }
  /** Writes a line (adds the newline). */
  println(text = ''): void {
    this.out(`${text}\n`);
  }
  eprintln(text = ''): void {
    this.err(`${text}\n`);
  }
  private write(stream: Stream, text: string): void {
    if (!text) return;
    const last = this.chunks[this.chunks.length - 1];
    const c = { stream, text };
    if (last && last.stream === stream) last.text += text;
    else this.chunks.push(c);
    this.onChunk?.(c);
  }
}

/** Thrown by commands to end with `error: …` (exit 1) or a custom exit code. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    /** print the message as-is (no `error: ` prefix) */
    readonly raw = false,
  ) {
    super(message);
  }
}

export interface CommandContext {
  sim: Simulation;
  opts: KubectlOptions;
  out: Output;
  /** the namespace from -n/--namespace, else the kubeconfig context's (`default` when it sets none) */
  namespace: string;
  /** true when -n was given explicitly */
  namespaceExplicit: boolean;
  args: ParsedArgs;
  /** full argv after `kubectl` (for --record) */
  argv: string[];
}

export interface CommandDef {
  /** `get`, `rollout status`, `set image` */
  name: string;
  aliases?: string[];
  short: string;
  /** cobra's Long, as `--help` prints it (after templates.LongDesc); `short.` when unset */
  long?: string;
  /** cobra's Example, as `--help` prints it under `Examples:` (already indented) */
  example?: string;
  usage: string;
  flags: FlagSpec[];
  /**
   * The kinds the command's shell completion offers for its TYPE argument (the validArgs kubectl's
   * command hands to completion.SpecifiedResourceTypeAndNameCompletionFunc), those the playground
   * serves; unset: every served resource type (ResourceTypeAndNameCompletionFunc).
   */
  validArgs?: readonly Kind[];
  /**
   * What `--help` (and `kubectl help NAME`) prints when the command's cobra help function is its
   * own: `kubectl options` prints nothing, `kubectl alpha` its one line on stderr. Unset: commandHelp.
   */
  helpText?: Chunk;
  /**
   * Every subcommand name kubectl has under this command, those the playground lacks too: cobra pads
   * the Available Commands to the longest of them (create secret: docker-registry).
   */
  kubectlSubcommands?: readonly string[];
  /** The line after an unknown flag's error, when not `See 'kubectl NAME --help' for usage.` */
  flagErrorHint?: string;
  run: (ctx: CommandContext) => void;
}

/**
 * kubectl's help texts for a command whose table entry does not carry them word for word
 * (helpTexts.ts, generated from the real kubectl's --help): they win over the entry's own.
 */
export interface HelpTexts {
  long?: string;
  example?: string;
  usage?: string;
  /** a modelled flag's usage, by long name */
  flags?: Record<string, string>;
}
