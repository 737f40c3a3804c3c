#!/usr/bin/env bash
# The corpus build on the device machine (16 cores, nvcc, no hipcc, no package registry), in two phases
# so that each call's carried files fit its 64 MiB (see bench/results/corpus.md for the whole procedure).
#
#   bash bench/corpus_device.sh stage            # carry .hiptc/hiptc.part-00 .devrun/real.tar.xz
#   bash bench/corpus_device.sh build SECONDS [TASKS_FILE[:SECONDS[:LEVEL[:TARGETS]]] ...]   (SASS/AMD ISA off: the store
#                                                must come back through the call's 64 MiB)
#                                                # carry .hiptc/hiptc.part-01 .hiptc/hipcc .whl .devrun
#                                                # (.whl: gpuport's wheel, its pure-Python deps and only the
#                                                # device Python's tree_sitter wheel, cp312: with one per
#                                                # Python the call's carry passes its 64 MiB)
#                                                # (.devrun/rocm-extra.tar.xz: tar of scripts/setup.sh's rocm-extra)
#                                                # (.devrun may hold real-more.tar.xz: more real-code tasks)
#
# stage keeps the first half of the packed HIP toolchain (scripts/pack_hipcc.sh) and the real-code corpus
# in /opt/gp, which lasts while the machine stays warm; build unpacks the toolchain, installs gpuport and
# tree-sitter from .whl, the DPC++ headers from .devrun, regenerates the generated tasks
# (`gpuport augment`, same seed) keeping those that `gpuport corpus clean` kept here
# (.devrun/augment-kept.txt), then runs `gpuport build` for SECONDS at most over the tasks named in
# TASKS_FILE (one per line; default: all), resuming the store /opt/gp/corpus.db, and returns the store.
# LEVEL is the list's --max-level (default compiles), TARGETS its --to (default hip,sycl; `hip` alone spends a
# runs-equal call on the pairs that can run here); `runs-equal` also runs the CUDA original and the HIP
# translation (nvcc through the HIP-on-CUDA headers) on the H200, eight programs at a time on the GPU
# (--gpu-share 8, so no time ratios), one timed run each; SYCL pairs stop at compiles (no acpp there).
set -uo pipefail
G=/opt/gp
OUT=${OUT:-/tmp/out}
mkdir -p "$G" "$OUT"
phase=${1:?stage or build}

if [ "$phase" = stage ]; then
  cp .hiptc/hiptc.part-00 "$G/" || exit 2
  mkdir -p "$G/real" && tar -xJf .devrun/real.tar.xz -C "$G/real" || exit 2
  {
    cat /etc/os-release | head -2; nproc; g++ --version | head -1; nvcc --version | tail -2; python3 --version
    for so in libxml2.so.2 libz3.so.4 libicuuc.so.72 libedit.so.2 libffi.so.8 libtinfo.so.6 libnuma.so.1 \
              libelf.so.1 libdrm.so.2; do
      printf '%s: %s\n' "$so" "$(ldconfig -p | grep -c "$so")"
    done
    command -v bwrap cuobjdump nvdisasm || true
    .devrun/bwrap --ro-bind / / --dev /dev --proc /proc --unshare-all --die-with-parent true; echo "carried bwrap rc=$?"
  } > "$OUT/stage.txt" 2>&1
  cat "$OUT/stage.txt"
  exit 0
fi

[ "$phase" = build ] || { echo "unknown phase $phase" >&2; exit 2; }
budget=${2:?SECONDS}
shift 2
task_lists=("$@"); [ ${#task_lists[@]} -gt 0 ] || task_lists=(all)
start=$(date +%s)
if [ ! -x /opt/hiptc/usr/lib/llvm-15/bin/clang ]; then
  mkdir -p /opt/hiptc
  cat "$G/hiptc.part-00" .hiptc/hiptc.part-01 | tar -xJ -C /opt/hiptc || { echo "toolchain unpack failed"; exit 3; }
fi
# The carried clang's OpenMP header: omp.h (libomp-15-dev), which a toolchain packed before
# scripts/setup.sh installed it lacks (.devrun/omp.tar.xz: its headers, paths from /).
[ -f .devrun/omp.tar.xz ] && tar -xJf .devrun/omp.tar.xz -C /opt/hiptc
mkdir -p "$G/bin" && cp .hiptc/hipcc "$G/bin/hipcc" && chmod +x "$G/bin/hipcc"
# .whl may hold tree-sitter's binary wheel for several Pythons (cp311, cp312, ...): install the one for
# this machine's Python and every wheel that is not version-specific.
py=cp$(python3 -c 'import sys; print(f"{sys.version_info[0]}{sys.version_info[1]}")')
wheels=()
for w in .whl/*.whl; do
  case "$w" in *-cp3[0-9]*-cp3[0-9]*-*) [[ "$w" == *"-$py-$py-"* ]] || continue ;; esac
  wheels+=("$w")
done
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site "${wheels[@]}" \
  || { echo "wheel install failed"; exit 3; }
# PYTHONSAFEPATH: the checkout's own gpuport/ folder must not shadow the installed package.
export PYTHONPATH=/tmp/site PATH=$G/bin:$PATH GPUPORT_SYCL_INCLUDE=$G/sycl/include PYTHONSAFEPATH=1 PYTHONUNBUFFERED=1
[ -f "$G/sycl/include/sycl/sycl.hpp" ] || { mkdir -p "$G/sycl" && tar -xJf .devrun/sycl-include.tar.xz -C "$G/sycl"; }
# The ROCm library headers Debian 12 lacks (hipBLAS, hipCUB, rocThrust, ...: scripts/setup.sh's rocm-extra),
# carried as .devrun/rocm-extra.tar.xz so device HIP builds see what the 2-core machine's see.
if [ -f .devrun/rocm-extra.tar.xz ]; then
  [ -f "$G/rocm-extra/VERSIONS" ] || tar -xJf .devrun/rocm-extra.tar.xz -C "$G"
  export GPUPORT_HIP_EXTRA_INCLUDE=$G/rocm-extra
fi

# The corpus: the real-code tasks as staged, the generated ones made again here.
if [ ! -d "$G/corpus" ]; then
  mkdir -p "$G/corpus" && mv "$G/real/corpus/"* "$G/corpus/" && mkdir -p "$G/corpus/augment"
  # Without augment-kept.txt the call builds real code only: no generated tasks are made.
  [ -f .devrun/augment-kept.txt ] && python3 -m gpuport augment --n 6000 --seed 0 --out "$G/aug-all" > "$G/augment.log" 2>&1
  missing=0
  [ -f .devrun/augment-kept.txt ] && while read -r rel; do  # rel = augment/<domain>/<task>
    src="$G/aug-all/${rel#augment/}"
    if [ -d "$src" ]; then mkdir -p "$G/corpus/$(dirname "$rel")" && mv "$src" "$G/corpus/$rel"; else missing=$((missing+1)); fi
  done < .devrun/augment-kept.txt
  echo "generated tasks kept: $(find "$G/corpus/augment" -mindepth 2 -maxdepth 2 -type d | wc -l), not regenerated: $missing"
fi

# Real-code tasks made after the stage call (a second source list) travel in a build call as
# .devrun/real-more.tar.xz (same layout as real.tar.xz); tasks already in the corpus are kept as they are.
if [ -f .devrun/real-more.tar.xz ] && [ ! -f "$G/more.done" ]; then
  rm -rf "$G/more" && mkdir -p "$G/more" && tar -xJf .devrun/real-more.tar.xz -C "$G/more"
  added=0
  for t in "$G"/more/corpus/*/*; do
    rel=${t#"$G/more/corpus/"}
    [ -e "$G/corpus/$rel" ] && continue
    mkdir -p "$G/corpus/$(dirname "$rel")" && mv "$t" "$G/corpus/$rel" && added=$((added+1))
  done
  touch "$G/more.done"; echo "real-code tasks added from real-more.tar.xz: $added"
fi

# A store carried back in (.devrun/resume.db.xz, the parts an earlier call returned, joined) seeds a fresh
# machine's store, so a build that outlives the warm machine resumes instead of starting over.
if [ ! -f "$G/corpus.db" ] && [ -f .devrun/resume.db.xz ]; then
  xz -dc .devrun/resume.db.xz > "$G/corpus.db" && echo "store resumed from .devrun/resume.db.xz"
fi

# A quick proof that the carried hipcc works here before spending the call on it.
printf '#include <hip/hip_runtime.h>\n__global__ void k(float*a){a[threadIdx.x]*=2;}\nint main(){float*d;(void)hipMalloc(&d,4);hipLaunchKernelGGL(k,dim3(1),dim3(1),0,0,d);return 0;}\n' > /tmp/probe.hip
hipcc -std=c++17 -O2 --offload-arch=gfx90a --offload-arch=gfx1030 /tmp/probe.hip -o /tmp/probe > "$OUT/hipcc-probe.txt" 2>&1
echo "hipcc probe rc=$? ($(hipcc --version | head -1))"
python3 -m gpuport doctor > "$OUT/doctor.txt" 2>&1 || true

# Strangers' code is compiled inside bubblewrap (Debian's, carried) when a two-task build works under it
# within 120 s; else with --trust-tasks (rlimits only), as the build log then says.
repo=$PWD
cd "$G"
isolation=(--trust-tasks)
[ -n "${GPUPORT_DEVICE_ISOLATION:-}" ] && echo "$GPUPORT_DEVICE_ISOLATION" > "$G/isolation"  # known: skip the probe
[ "$(cat "$G/isolation" 2>/dev/null)" = bwrap ] && cp "$repo/.devrun/bwrap" "$G/bin/bwrap"
if [ ! -f "$G/isolation" ]; then
  cp "$repo/.devrun/bwrap" "$G/bin/bwrap"
  probe_tasks=$(ls -d "$G"/corpus/augment/*/* 2>/dev/null | head -2 | xargs -r -n1 basename | paste -sd,)
  [ -n "$probe_tasks" ] || probe_tasks=$(ls -d "$G"/corpus/*/rw-* | head -2 | xargs -n1 basename | paste -sd,)
  ( sleep 100; ps -ef --forest | grep -v "ps -ef" | tail -30 > "$OUT/probe-ps.txt" ) &
  timeout -k 10 120 python3 -m gpuport build --suite "$G/corpus" --to hip,sycl --store /tmp/probe.db -j 2 \
    --max-level compiles --no-acpp --no-isa --no-progress --tasks "$probe_tasks" > "$OUT/probe-build.txt" 2>&1
  echo "bwrap probe build rc=$?"; tail -3 "$OUT/probe-build.txt"
  if grep -q "^built 4" "$OUT/probe-build.txt"; then echo bwrap > "$G/isolation"; else echo trust > "$G/isolation"; rm -f "$G/bin/bwrap"; fi
fi
[ "$(cat "$G/isolation")" = bwrap ] && isolation=()
echo "isolation: ${isolation[*]:-bwrap}"
# Each TASKS_FILE[:SECONDS] in turn (a cap keeps a slow list from starving the next), the last gets the rest.
for item in "${task_lists[@]}"; do
  IFS=: read -r file cap level targets <<< "$item"
  level=${level:-compiles}
  targets=${targets:-hip,sycl}
  level_args=(--max-level "$level")
  [ "$level" = compiles ] || level_args+=(--repeat 1 --gpu-share 8)
  left=$(( budget - ($(date +%s) - start) - 40 ))
  [ -n "$cap" ] && [ "$cap" -lt "$left" ] && left=$cap
  [ "$left" -gt 10 ] || break
  case "$file" in /*) ;; *) file=$repo/$file ;; esac  # named from the checkout; we are in $G now
  tasks_arg=()
  if [ -f "$file" ]; then
    # `gpuport build --tasks` refuses a whole list that names one task the corpus lacks (one `corpus clean`
    # dropped after the list was made): build the named tasks that are here, and say how many were not.
    find "$G/corpus" -mindepth 2 -maxdepth 2 -type d -printf '%f\n' > "$G/have.txt"
    grep -Fxf "$G/have.txt" "$file" > "$G/list.txt" || true
    echo "$(grep -cv '^$' "$file") named, $(wc -l < "$G/list.txt") in the corpus"
    [ -s "$G/list.txt" ] || continue  # an empty --tasks would mean every task
    tasks_arg=(--tasks "$(paste -sd, "$G/list.txt")")
  fi
  echo "building $file for ${left}s (${level_args[*]})"
  timeout -s TERM -k 20 "$left" python3 -m gpuport build --suite "$G/corpus" --to "$targets" \
    --store "$G/corpus.db" -j "$(nproc)" "${level_args[@]}" --no-acpp --no-isa --no-progress "${isolation[@]}" \
    --compile-cache "$G/cc" "${tasks_arg[@]}" >> "$G/build.log" 2>&1
  echo "build rc=$?"
done
tail -3 "$G/build.log"
python3 - "$G/corpus.db" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for row in db.execute("select target, level, count(*) from pairs group by target, level order by target, level"):
    print(*row)
EOF
tail -c 4000000 "$G/build.log" > "$OUT/build.log"
python3 -c "import sqlite3,sys; sqlite3.connect(sys.argv[1]).execute('PRAGMA wal_checkpoint(TRUNCATE)')" "$G/corpus.db"
# A large dictionary finds the headers that many real-code rows repeat; blocks keep all cores busy.
xz -T"$(nproc)" --lzma2=preset=3,dict=192MiB --block-size=192MiB -c "$G/corpus.db" | split -b 15M -d - "$OUT/corpus.db.xz.part-"
ls -la "$OUT"
