#pragma once
// Small stand-ins for ncu, nsys and compute-sanitizer: shell scripts in a fresh directory that
// answer --version like the real tools, record their arguments, print a recorded output and exit
// with a chosen code. Tests put the directory on PATH, or call the scripts by path.
#include <odo/core/atomic_write.hpp>
#include <odo/core/file.hpp>

#include <atomic>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>

#include <unistd.h>

namespace fake {

inline constexpr const char* ncu_script = R"sh(#!/bin/sh
PATH=/usr/bin:/bin
here=$(dirname "$0")
if [ "$1" = "--version" ]; then
  printf 'NVIDIA (R) Nsight Compute Command Line Profiler\nCopyright (c) 2018-2023 NVIDIA Corporation\nVersion 2023.2.0.0 (build 32895467) (public-release)\n'
  exit 0
fi
printf '%s\n' "$@" > "$here/ncu.args"
if [ -f "$here/ncu.sleep" ]; then exec sleep "$(cat "$here/ncu.sleep")"; fi
cat "$here/ncu.out"
if [ -f "$here/ncu.err" ]; then cat "$here/ncu.err" >&2; fi
exit "$(cat "$here/ncu.rc" 2>/dev/null || echo 0)"
)sh";

inline constexpr const char* nsys_script = R"sh(#!/bin/sh
PATH=/usr/bin:/bin
here=$(dirname "$0")
case "$1" in
  --version)
    if [ ! -f "$here/nsys.no-version" ]; then
      echo "NVIDIA Nsight Systems version 2023.2.3.1001-32894139v0"
    fi
    exit 0 ;;
  profile)
    printf '%s\n' "$@" > "$here/nsys-profile.args"
    out=""; prev=""
    for a in "$@"; do
      if [ "$prev" = "--output" ]; then out="$a"; fi
      prev="$a"
    done
    if [ ! -f "$here/nsys.no-report" ]; then : > "$out.nsys-rep"; fi
    echo "Collecting data..."
    exit 0 ;;
  stats)
    printf '%s\n' "$@" >> "$here/nsys-stats.args"
    if [ -f "$here/nsys.stats-fails" ]; then
      echo "ERROR: database is locked" >&2
      exit 2
    fi
    if [ -f "$here/nsys.legacy-only" ]; then
      case "$*" in
        *cuda_gpu_kern_sum*)
          echo "ERROR: Report 'cuda_gpu_kern_sum' could not be found." >&2
          exit 1 ;;
      esac
    fi
    cat "$here/nsys.stats"
    exit 0 ;;
esac
exit 3
)sh";

inline constexpr const char* sanitizer_script = R"sh(#!/bin/sh
PATH=/usr/bin:/bin
here=$(dirname "$0")
if [ "$1" = "--version" ]; then
  printf 'NVIDIA (R) Compute Sanitizer\nCopyright (c) 2020-2023 NVIDIA Corporation\nVersion 2023.2.0 (build 33053471)\n'
  exit 0
fi
printf '%s\n' "$@" > "$here/sanitizer.args"
cat "$here/sanitizer.out"
exit "$(cat "$here/sanitizer.rc" 2>/dev/null || echo 0)"
)sh";

struct Empty {};
inline constexpr Empty empty{};

// A directory holding the fake tools (by default all three), removed at scope exit.
class Tools {
public:
    Tools() : Tools({"ncu", "nsys", "compute-sanitizer"}) {}
    explicit Tools(std::initializer_list<const char*> tools) {
        static std::atomic<int> counter{0};
        dir_ = std::filesystem::temp_directory_path() /
               ("odo-fake-tools-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
        for (std::string_view tool : tools)
            script(std::string(tool), tool == "ncu"    ? ncu_script
                                      : tool == "nsys" ? nsys_script
                                                       : sanitizer_script);
    }
    // No tool at all: PATH with nothing to find.
    explicit Tools(Empty) : Tools(std::initializer_list<const char*>{}) {}
    ~Tools() {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }
    Tools(const Tools&) = delete;
    Tools& operator=(const Tools&) = delete;

    const std::filesystem::path& dir() const { return dir_; }
    std::string path(const std::string& tool) const { return (dir_ / tool).string(); }

    void write(const std::string& name, const std::string& content) const {
        odo::write_file_atomically(dir_ / name, content);
    }
    std::string read(const std::string& name) const { return odo::read_file(dir_ / name); }
    void remove(const std::string& name) const { std::filesystem::remove(dir_ / name); }

    // An executable script `name` with `text`, e.g. a stand-in benchmark.
    void script(const std::string& name, const char* text) const {
        write(name, text);
        std::filesystem::permissions(dir_ / name, std::filesystem::perms::owner_all |
                                                      std::filesystem::perms::group_read |
                                                      std::filesystem::perms::group_exec);
    }

private:
    std::filesystem::path dir_;
};

} // namespace fake
