#!/usr/bin/env bash
# Pack this machine's Debian HIP toolchain (hipcc 5.2's clang-15, lld, ROCm device libraries, HIP/HSA and
# ROCm library headers, the HIP runtime for linking) so that a machine without ROCm packages can compile
# HIP for AMD GPUs: the device machine has nvcc and 16 cores but no hipcc and no package registry.
#
#   bash scripts/pack_hipcc.sh OUT_DIR [PARTS]
#
# Writes OUT_DIR/hiptc.tar.xz split into PARTS pieces (hiptc.part-00, ...; default 2) so that each piece
# fits beside the working tree in one device call, and OUT_DIR/hipcc, the wrapper that stands in for
# Debian's hipcc.pl there (the same clang command hipcc prints with HIPCC_VERBOSE=1). On the other machine:
#
#   cat OUT_DIR/hiptc.part-* | tar -xJ -C /opt/hiptc && PATH=/opt/hiptc/bin:$PATH gpuport build ...
#
# Nothing packed here is ours: it is Debian's build of LLVM and ROCm, carried, never committed.
set -euo pipefail
out=${1:?usage: pack_hipcc.sh OUT_DIR [PARTS]}
parts=${2:-2}
mkdir -p "$out"
list=$(mktemp)
trap 'rm -f "$list"' EXIT

llvm=/usr/lib/llvm-15
res=$llvm/lib/clang/15.0.6
arch=/usr/lib/x86_64-linux-gnu
{
  echo $llvm/bin/clang
  echo $llvm/bin/lld
  echo $llvm/bin/clang-offload-bundler
  echo $llvm/lib/libclang-cpp.so.15
  find $res/include -type f
  echo $res/lib/linux/libclang_rt.builtins-x86_64.a
  echo $res/lib/linux/clang_rt.crtbegin-x86_64.o
  echo $res/lib/linux/clang_rt.crtend-x86_64.o
  find $arch/amdgcn -type f
  # LLVM and what it links that an Ubuntu image may lack (bookworm's sonames).
  for so in libLLVM-15.so.1 libz3.so.4 libxml2.so.2 libicuuc.so.72 libicudata.so.72 libedit.so.2 \
            libbsd.so.0 libmd.so.0 libffi.so.8 libtinfo.so.6; do
    readlink -f $arch/$so
    echo $arch/$so
  done
  # The HIP runtime and what it links, for the link step of linked tasks.
  for so in libamdhip64.so libamdhip64.so.5 libhsa-runtime64.so.1 libhsakmt.so.1 libnuma.so.1 libelf.so.1 \
            libdrm.so.2 libdrm_amdgpu.so.1; do
    [ -e $arch/$so ] || continue
    readlink -f $arch/$so
    echo $arch/$so
  done
  find /usr/include/hip /usr/include/hsa /usr/include/hiprand /usr/include/hipsparse /usr/include/rocrand \
       /usr/include/rocsparse -type f
} | sort -u > "$list"
rm -f "$out"/hiptc.part-*
tar -cf - --absolute-names -T "$list" --transform 's,^/,,' | xz -9 -T2 > "$out/hiptc.tar.xz"
split -d -n "$parts" "$out/hiptc.tar.xz" "$out/hiptc.part-"
rm "$out/hiptc.tar.xz"

# The wrapper: Debian's hipcc.pl with HIP_PLATFORM=amd runs exactly this clang command (HIPCC_VERBOSE=1).
cat > "$out/hipcc" <<'EOF'
#!/usr/bin/env bash
# hipcc stand-in over a carried Debian toolchain under $HIPTC (default /opt/hiptc); see scripts/pack_hipcc.sh.
T=${HIPTC:-/opt/hiptc}
export LD_LIBRARY_PATH=$T/usr/lib/x86_64-linux-gnu:$T/usr/lib/llvm-15/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
clang=$T/usr/lib/llvm-15/bin/clang++
[ -e "$clang" ] || ln -s clang "$clang"
for a in "$@"; do
  if [ "$a" = --version ]; then echo "HIP version: 5.2.21153-0 (carried Debian hipcc)"; exec "$clang" --version; fi
done
common=(--hip-version=5.2.21153 --rocm-path="$T/usr" -O3)
args=() compile=0
for a in "$@"; do
  case "$a" in
    -c|-S|-E|-fsyntax-only|--cuda-device-only) compile=1 ;;
  esac
done
for a in "$@"; do
  case "$a" in
    *.cu|*.hip|*.cpp|*.cc|*.cxx|*.c++|*.cuh) if [ -f "$a" ]; then args+=(-x hip "$a"); continue; fi ;;
  esac
  args+=("$a")
done
link=(-L"$T/usr/lib/x86_64-linux-gnu" -Wl,-rpath-link,"$T/usr/lib/x86_64-linux-gnu" -lamdhip64
      -L"$T/usr/lib/llvm-15/lib/clang/15.0.6/lib/linux" -lclang_rt.builtins-x86_64)
if printf '%s\n' "$@" | grep -qE '\.(cu|hip|cpp|cc|cxx)$'; then
  [ $compile = 1 ] && link=()  # sources and no -c: compile and link in one call, as hipcc does
  exec "$clang" -isystem "$T/usr/lib/llvm-15/lib/clang/15.0.6/include/.." -isystem "$T/usr/include" \
    "${common[@]}" -mllvm -amdgpu-early-inline-all=true -mllvm -amdgpu-function-calls=false \
    --hip-device-lib-path="$T/usr/lib/x86_64-linux-gnu/amdgcn/bitcode" "${args[@]}" "${link[@]}"
fi
exec "$clang" -L"$T/usr/lib/x86_64-linux-gnu" -Wl,-rpath-link,"$T/usr/lib/x86_64-linux-gnu" "${common[@]}" \
  -lgcc_s -lgcc -lpthread -lm -lrt "${args[@]}" -lamdhip64 \
  -L"$T/usr/lib/llvm-15/lib/clang/15.0.6/lib/linux" -lclang_rt.builtins-x86_64
EOF
chmod +x "$out/hipcc"
ls -la "$out"
