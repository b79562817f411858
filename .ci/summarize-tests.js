#!/usr/bin/env node
// Prints CI's closing line, `tests: N passed, N failed`, from Jest JSON reports, and exits non-zero
// when the run cannot be trusted. Usage:
//   node .ci/summarize-tests.js FLOOR_FILE LABEL=REPORT.json [LABEL=REPORT.json ...]
// A run fails when: a report is missing or unreadable (e.g. globalSetup threw), a test failed, a
// suite could not run, any test was skipped/todo/focused-away (Jest reports those as pending or
// todo), a suite executed fewer tests than its floor in FLOOR_FILE, or a file under src/ or test/
// declares tests but appears in no report (a spec renamed out of testMatch).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const [floorFile, ...pairs] = process.argv.slice(2);
const root = path.resolve(__dirname, '..');
const problems = [];
let passed = 0;
let failed = 0;

/** `LABEL N` lines; `#` starts a comment. */
function readFloors(file) {
  const floors = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const text = line.replace(/#.*/, '').trim();
    if (!text) continue;
    const [label, value] = text.split(/\s+/);
    floors.set(label, Number(value));
  }
  return floors;
}

let floors = new Map();
try {
  floors = readFloors(floorFile);
} catch (error) {
  problems.push(`cannot read the test floor ${floorFile}: ${error.message}`);
}

const reported = new Set();
for (const pair of pairs) {
  const [label, file] = pair.split('=');
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    problems.push(`${label}: no Jest report (the run did not finish)`);
    failed += 1;
    continue;
  }
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const executed = (report.numPassedTests ?? 0) + (report.numFailedTests ?? 0);
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0) + skipped;
  for (const suite of report.testResults ?? []) {
    reported.add(path.resolve(suite.name));
    for (const test of suite.assertionResults ?? []) {
      if (test.status === 'pending' || test.status === 'todo' || test.status === 'skipped' || test.status === 'disabled') {
        problems.push(`${label}: ${test.status} test "${test.fullName}" in ${path.relative(root, suite.name)}`);
      }
    }
  }
  if (skipped > 0) problems.push(`${label}: ${skipped} test(s) skipped, todo or left out by a focused test`);
  const floor = floors.get(label);
  if (floor === undefined) {
    problems.push(`${label}: no floor in ${floorFile}`);
    failed += 1;
  } else if (executed < floor) {
    problems.push(`${label}: ${executed} tests executed, fewer than the floor of ${floor} in ${floorFile}`);
    failed += 1;
  }
}

// Every file that declares tests must have run: a spec renamed out of testMatch is not silent.
function* tsFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}
if (pairs.length > 0 && problems.every((p) => !p.includes('no Jest report'))) {
  for (const dir of ['src', 'test']) {
    const base = path.join(root, dir);
    if (!fs.existsSync(base)) continue;
    for (const file of tsFiles(base)) {
      const declaresTests = /^\s*(describe|it|test)(\.each\([^)]*\))?\s*\(/m.test(fs.readFileSync(file, 'utf8'));
      if (declaresTests && !reported.has(file)) {
        problems.push(`${path.relative(root, file)} declares tests but no Jest run executed it (outside testMatch?)`);
        failed += 1;
      }
    }
  }
}

for (const problem of problems) console.error(`ci: ${problem}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 || problems.length > 0 ? 1 : 0);
