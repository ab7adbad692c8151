package starter

// workflow is the CI workflow the starter writes: it builds tooleval once,
// records a baseline report on the default branch, and on every pull
// request replays the suite against that baseline, gating on drops.
const workflow = `# tooleval: replay the tool-use suite on every pull request and gate on regressions.
# Written by tooleval init; edit the thresholds to taste.
name: tooleval
on:
  push:
    branches: [main]
  pull_request:

jobs:
  replay:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-go@v5
        with: { go-version: "1.26" }
      # Build once; every step below reuses the binary.
      - run: go install github.com/tooleval/tooleval/cmd/tooleval@latest
      # On main: the report becomes the baseline later runs compare with.
      - if: github.event_name == 'push'
        run: tooleval replay suite.jsonl --config retrieval.json --json baseline.json -q
      - if: github.event_name == 'push'
        uses: actions/upload-artifact@v4
        with: { name: tooleval-baseline, path: baseline.json }
      # On pull requests: replay against the latest baseline from main.
      - if: github.event_name == 'pull_request'
        uses: dawidd6/action-download-artifact@v6
        with: { name: tooleval-baseline, branch: main, workflow: tooleval.yml }
      - if: github.event_name == 'pull_request'
        run: >
          tooleval replay suite.jsonl --config retrieval.json
          --baseline baseline.json --max-drop recall=0.02 --max-drop wrong_argument_rate=0.01
          --min pass_rate=0.5
          --markdown "$GITHUB_STEP_SUMMARY" --junit junit.xml --html report.html --json report.json
      - if: always() && github.event_name == 'pull_request'
        uses: actions/upload-artifact@v4
        with: { name: tooleval-report, path: "report.*\njunit.xml" }
`
