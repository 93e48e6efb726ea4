// The GitHub Actions workflows (.github/workflows) read as GitHub reads them: @actions/workflow-parser is
// GitHub's own parser and workflow schema (the one its Actions language service uses): unknown keys,
// wrong types, missing required keys and expressions naming unknown contexts (`${{ foo.bar }}`) fail.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Finding } from './schema';

interface ParserError {
  message: string;
  range?: { start: { line: number; column: number } };
}
interface WorkflowParser {
  NoOperationTraceWriter: new () => unknown;
  parseWorkflow(file: { name: string; content: string }, trace: unknown): { context: { errors: { getErrors(): ParserError[] } }; value: unknown };
  convertWorkflowTemplate(context: unknown, value: unknown): Promise<unknown>;
}

/** The workflow files of a folder (*.yml, *.yaml), sorted. */
export const workflowFiles = (dir: string) => readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort();

/** Every workflow of `dir` parsed and converted as GitHub does; `label` is how findings name the folder. */
export async function validateWorkflows(dir: string, label: string, load: (specifier: string) => Promise<Record<string, unknown>>): Promise<{ files: string[]; findings: Finding[] }> {
  const parser = (await load('@actions/workflow-parser')) as unknown as WorkflowParser;
  const files = workflowFiles(dir);
  const findings: Finding[] = [];
  for (const name of files) {
    const file = path.posix.join(label, name);
    const parsed = parser.parseWorkflow({ name: file, content: readFileSync(path.join(dir, name), 'utf8') }, new parser.NoOperationTraceWriter());
    // The conversion adds what the schema alone cannot say (jobs' needs, matrices, reusable workflows' inputs).
    if (parsed.value) await parser.convertWorkflowTemplate(parsed.context, parsed.value);
    for (const e of parsed.context.errors.getErrors()) {
      findings.push({ file, ...(e.range ? { line: e.range.start.line } : {}), message: e.message.replace(/^.*? \(Line: \d+, Col: \d+\): /, '') });
    }
  }
  return { files, findings };
}
