#!/usr/bin/env bash
# The action's run step (action.yml): turns the INPUT_* variables into an `eventloop-probe run`
# command, prints it as you would type it, runs it, and writes the step's outputs. It never fails
# the step itself: the upload comes first, the last step of the action fails on the exit code.
# eventloop-probe appends summary.md to $GITHUB_STEP_SUMMARY itself (cut at GitHub's 1 MiB).
set -uo pipefail

probe_bin="$GITHUB_ACTION_PATH/bin/eventloop-probe.js"
args=(run)
[ -n "${INPUT_APP:-}" ] && args+=("$INPUT_APP")
while IFS= read -r route; do
  route="$(printf '%s' "$route" | tr -d '[:space:]')"
  [ -n "$route" ] && args+=(--route "$route")
done < <(printf '%s\n' "${INPUT_ROUTES:-}" | tr ',' '\n')
[ -n "${INPUT_PROBE:-}" ] && args+=(--probe "$INPUT_PROBE")
args+=(--duration "${INPUT_DURATION:-10}")
[ -n "${INPUT_FAIL_ON:-}" ] && args+=(--fail-on "$INPUT_FAIL_ON")
if [ -n "${INPUT_BASELINE:-}" ]; then
  if [ -e "$INPUT_BASELINE" ]; then
    args+=(--baseline "$INPUT_BASELINE" --baseline-threshold "${INPUT_BASELINE_THRESHOLD:-10}")
    [ -n "${INPUT_BASELINE_METRICS:-}" ] && args+=(--baseline-metrics "$INPUT_BASELINE_METRICS")
  else
    echo "::warning title=eventloop-probe::no baseline at $INPUT_BASELINE: this run is not compared (a run on the main branch saves one)"
  fi
fi
[ -n "${INPUT_REPEAT:-}" ] && [ "${INPUT_REPEAT}" != "1" ] && args+=(--repeat "$INPUT_REPEAT")
args+=(--format "${INPUT_FORMAT:-all}" --out "${INPUT_OUT:-reports/eventloop-probe}")
if [ -n "${INPUT_ARGS:-}" ]; then
  read -r -a extra <<< "$INPUT_ARGS"
  args+=("${extra[@]}")
fi

printf 'eventloop-probe'
printf ' %q' "${args[@]}"
printf '\n'
node "$probe_bin" "${args[@]}"
code=$?

out_dir=""
[ -d "${INPUT_OUT:-reports/eventloop-probe}" ] && out_dir="$(cd "${INPUT_OUT:-reports/eventloop-probe}" && pwd)"
verdict=""
regressions=""
# a run's report.json, or with --repeat the runs' repeat.json: the verdict and the regressions in words
for file in report.json repeat.json; do
  if [ -n "$out_dir" ] && [ -f "$out_dir/$file" ]; then
    verdict="$(node -e 'try { const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); process.stdout.write(String(r.verdict?.status ?? r.verdict ?? "")) } catch {}' "$out_dir/$file")"
    regressions="$(node -e 'try { const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); process.stdout.write((r.baseline?.regressions ?? []).map((x) => x.text).join("\n")) } catch {}' "$out_dir/$file")"
  fi
done
name="${INPUT_ARTIFACT_NAME:-}"
if [ -z "$name" ]; then
  # upload-artifact v4 rejects a name used twice in a workflow run: matrix jobs and repeated uses
  # get the job id, the run attempt and a suffix of their own.
  suffix="$(node -e 'process.stdout.write(require("crypto").randomBytes(4).toString("hex"))')"
  name="eventloop-probe-${GITHUB_JOB:-job}-attempt${GITHUB_RUN_ATTEMPT:-1}-${suffix}"
fi
name="$(printf '%s' "$name" | tr -c 'A-Za-z0-9._-' '-')"
{
  echo "exit-code=$code"
  echo "report-dir=$out_dir"
  echo "verdict=$verdict"
  echo "artifact-name=$name"
  delimiter="EOF_$(node -e 'process.stdout.write(require("crypto").randomBytes(8).toString("hex"))')"
  echo "regressions<<$delimiter"
  [ -n "$regressions" ] && printf '%s\n' "$regressions"
  echo "$delimiter"
} >> "$GITHUB_OUTPUT"
exit 0
