#pragma once
// The options odo hands a compiler when it replays a recorded compile, as an allow-list, and the
// characters each argument may hold.
//
// The command is the change author's (compile_commands.json, its options files, the names of the
// files it compiles). nvcc runs its sub-steps through a shell: a define inside double quotes, a
// -Xcompiler piece bare, so "$(...)" or a backquote in either would run. An option that is not
// here — one that writes a file (--time, -MF, --coverage), loads code (-fplugin) or reads options
// odo cannot see — is refused, and so is any argument with a character outside the sets below.
// docs/security.md lists them.
#include "odo/core/text.hpp"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace odo::devcode {

// Who an option is for: nvcc itself, the C++ compiler of a host TU, or a pass-through of nvcc's
// to one of its sub-steps (-Xcompiler, -Xptxas, -Xcudafe, -Xfatbin).
enum class OptionTarget { nvcc, host_cxx, xcompiler, xptxas, xcudafe, xfatbin };

// What kind of text an argument is, which decides the characters it may hold.
enum class ArgumentText {
    option,  // [A-Za-z0-9_./+=,:-]
    path,    // [A-Za-z0-9_./+-], not starting with '-'
    define,  // an option's, plus '"' (nvcc escapes it inside its quotes; no shell sees a host TU's)
    arch,    // an option's, plus '[' and ']' (nvcc reads -gencode's lists itself)
    command, // any argument odo runs: an option's, plus '"', '[' and ']'
};

// The first character of `text` outside the set `kind` allows; npos when there is none.
inline std::size_t first_unsafe_char(std::string_view text, ArgumentText kind) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        const bool common = (std::isalnum(c) != 0 && c < 0x80) || c == '_' || c == '.' ||
                            c == '/' || c == '+' || c == '-';
        const bool ok =
            common || (kind != ArgumentText::path && (c == '=' || c == ',' || c == ':')) ||
            ((kind == ArgumentText::define || kind == ArgumentText::command) && c == '"') ||
            ((kind == ArgumentText::arch || kind == ArgumentText::command) &&
             (c == '[' || c == ']'));
        if (!ok)
            return i;
    }
    if (kind == ArgumentText::path && !text.empty() && text.front() == '-')
        return 0;
    return std::string_view::npos;
}

// The character as a message shows it: printable ones quoted, others as \xNN.
inline std::string shown_char(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x21 && u < 0x7f)
        return std::string("'") + c + "'";
    static constexpr char hex[] = "0123456789abcdef";
    return std::string("\\x") + hex[u >> 4] + hex[u & 15];
}

// An argument as a message shows it: control characters as '?', at most 120 characters.
inline std::string shown_arg(std::string_view arg) {
    std::string out(arg.substr(0, 120));
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = '?';
    return arg.size() > 120 ? out + "..." : out;
}

namespace detail {

inline bool is_one_of(std::string_view arg, std::initializer_list<std::string_view> names) {
    return std::find(names.begin(), names.end(), arg) != names.end();
}

// An option with '=' + value, where the value holds only [A-Za-z0-9_.,+-].
inline bool valued(std::string_view arg, std::initializer_list<std::string_view> names) {
    const auto eq = arg.find('=');
    if (eq == std::string_view::npos || eq + 1 == arg.size())
        return false;
    return is_one_of(arg.substr(0, eq), names) &&
           arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.,"
                                 "+-",
                                 eq + 1) == std::string_view::npos;
}

// "-Wname", "-Wno-name", "-Wname=value": a warning switch, never -Wl, -Wa or -Wp (they pass
// options on to the linker, assembler or preprocessor).
inline bool is_warning_option(std::string_view arg) {
    if (!text::starts_with(arg, "-W") || arg.size() < 3 || arg.find(',') != std::string_view::npos)
        return false;
    const std::string_view name = arg.substr(2);
    return std::islower(static_cast<unsigned char>(name.front())) != 0 &&
           name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_+=-") ==
               std::string_view::npos;
}

// The -f switches a host compile may carry: code generation, language and diagnostics choices
// that read and write nothing but the TU and its object.
inline bool is_allowed_f_option(std::string_view arg) {
    if (!text::starts_with(arg, "-f"))
        return false;
    std::string_view name = arg.substr(2);
    if (text::starts_with(name, "no-"))
        name.remove_prefix(3);
    const std::string_view key = name.substr(0, name.find('='));
    if (key.size() != name.size() &&
        name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_.,+-", key.size() + 1) !=
            std::string_view::npos)
        return false;
    for (const std::string_view allowed : {"PIC",
                                           "pic",
                                           "PIE",
                                           "pie",
                                           "visibility",
                                           "visibility-inlines-hidden",
                                           "exceptions",
                                           "rtti",
                                           "openmp",
                                           "diagnostics-color",
                                           "color-diagnostics",
                                           "diagnostics-show-option",
                                           "strict-aliasing",
                                           "strict-overflow",
                                           "stack-protector",
                                           "stack-protector-strong",
                                           "stack-protector-all",
                                           "stack-clash-protection",
                                           "cf-protection",
                                           "omit-frame-pointer",
                                           "fast-math",
                                           "finite-math-only",
                                           "math-errno",
                                           "associative-math",
                                           "reciprocal-math",
                                           "fp-contract",
                                           "excess-precision",
                                           "signed-char",
                                           "unsigned-char",
                                           "builtin",
                                           "common",
                                           "function-sections",
                                           "data-sections",
                                           "inline",
                                           "inline-functions",
                                           "unroll-loops",
                                           "tree-vectorize",
                                           "vectorize",
                                           "max-errors",
                                           "template-depth",
                                           "template-backtrace-limit",
                                           "constexpr-steps",
                                           "constexpr-depth",
                                           "constexpr-ops-limit",
                                           "constexpr-loop-limit",
                                           "message-length",
                                           "trapv",
                                           "wrapv",
                                           "plt",
                                           "semantic-interposition",
                                           "threadsafe-statics",
                                           "permissive",
                                           "gnu-unique",
                                           "sized-deallocation",
                                           "aligned-new",
                                           "char8_t",
                                           "operator-names",
                                           "concepts",
                                           "coroutines",
                                           "asynchronous-unwind-tables",
                                           "unwind-tables",
                                           "ms-extensions",
                                           "gnu-keywords",
                                           "ident",
                                           "merge-constants",
                                           "trivial-auto-var-init",
                                           "sanitize",
                                           "sanitize-recover",
                                           "sanitize-address-use-after-scope"})
        if (key == allowed)
            return true;
    return false;
}

// A host compile's options (a host TU's own, or nvcc's -Xcompiler pieces).
inline bool allowed_host_option(std::string_view arg) {
    if (is_one_of(arg, {"-w",       "-g",       "-ggdb",    "-pedantic", "-pedantic-errors",
                        "-pthread", "-m64",     "-fopenmp", "-ansi",     "-O",
                        "-Ofast",   "-Os",      "-Og",      "-Oz",       "-O0",
                        "-O1",      "-O2",      "-O3",      "-g0",       "-g1",
                        "-g2",      "-g3",      "-ggdb3",   "-mavx",     "-mavx2",
                        "-mfma",    "-msse4.2", "-mf16c",   "-mbmi2",    "-mpopcnt"}))
        return true;
    return is_warning_option(arg) || is_allowed_f_option(arg) ||
           valued(arg, {"-std", "-x", "-march", "-mtune", "-mcpu"}) ||
           (text::starts_with(arg, "-gdwarf-") && arg.size() == 9);
}

inline bool allowed_nvcc_option(std::string_view arg) {
    if (is_one_of(arg, {"-G",
                        "-g",
                        "--debug",
                        "--device-debug",
                        "-lineinfo",
                        "--generate-line-info",
                        "-w",
                        "--disable-warnings",
                        "-use_fast_math",
                        "--use_fast_math",
                        "-expt-relaxed-constexpr",
                        "--expt-relaxed-constexpr",
                        "-expt-extended-lambda",
                        "--expt-extended-lambda",
                        "-extended-lambda",
                        "--extended-lambda",
                        "-dc",
                        "--device-c",
                        "-dw",
                        "--device-w",
                        "-m64",
                        "-restrict",
                        "--restrict",
                        "-src-in-ptx",
                        "--source-in-ptx",
                        "-forward-unknown-to-host-compiler",
                        "--forward-unknown-to-host-compiler",
                        "-keep-device-functions",
                        "--keep-device-functions",
                        "-extra-device-vectorization",
                        "--extra-device-vectorization",
                        "-ewp",
                        "--extensible-whole-program",
                        "-allow-unsupported-compiler",
                        "--allow-unsupported-compiler",
                        "-display-error-number",
                        "--display-error-number",
                        "-res-usage",
                        "--resource-usage",
                        "-O0",
                        "-O1",
                        "-O2",
                        "-O3"}))
        return true;
    return is_warning_option(arg) || valued(arg, {"-std",
                                                  "--std",
                                                  "-rdc",
                                                  "--relocatable-device-code",
                                                  "-x",
                                                  "--x",
                                                  "--machine",
                                                  "-ftz",
                                                  "--ftz",
                                                  "-prec-div",
                                                  "--prec-div",
                                                  "-prec-sqrt",
                                                  "--prec-sqrt",
                                                  "-fmad",
                                                  "--fmad",
                                                  "-maxrregcount",
                                                  "--maxrregcount",
                                                  "-t",
                                                  "--threads",
                                                  "-split-compile",
                                                  "--split-compile",
                                                  "-diag-suppress",
                                                  "--diag-suppress",
                                                  "-diag-error",
                                                  "--diag-error",
                                                  "-diag-warn",
                                                  "--diag-warn",
                                                  "-Werror",
                                                  "--Werror",
                                                  "-cudart",
                                                  "--cudart",
                                                  "-default-stream",
                                                  "--default-stream",
                                                  "-static-global-template-stub",
                                                  "--static-global-template-stub",
                                                  "--optimize",
                                                  "-dopt",
                                                  "--dopt"});
}

inline bool allowed_ptxas_option(std::string_view arg) {
    return is_one_of(arg, {"-v", "--verbose", "-O0", "-O1", "-O2", "-O3", "-warn-spills",
                           "--warn-on-spills", "-warn-lmem-usage", "--warn-on-local-memory-usage",
                           "-warn-double-usage", "--warn-on-double-precision-use",
                           "-suppress-stack-size-warning", "--suppress-stack-size-warning",
                           "-Werror", "--warning-as-error", "-allow-expensive-optimizations",
                           "--allow-expensive-optimizations"}) ||
           valued(arg, {"-dlcm", "--def-load-cache", "-dscm", "--def-store-cache", "-maxrregcount",
                        "--maxrregcount", "--allow-expensive-optimizations",
                        "-allow-expensive-optimizations", "--optimization-level"});
}

inline bool allowed_cudafe_option(std::string_view arg) {
    return is_one_of(arg, {"--display_error_number", "--no_display_error_number"}) ||
           valued(arg, {"--diag_suppress", "--diag-suppress", "--diag_warning", "--diag_error",
                        "--diag_remark"}) ||
           (!arg.empty() && arg.find_first_not_of("0123456789") == std::string_view::npos);
}

} // namespace detail

// Whether `arg` (a whole argument; a pass-through's piece for the pass-through targets) is an
// option odo replays for `target`. Paths, defines, architectures, and the output and dependency
// options odo drops or sets itself, are the caller's: compile_command.hpp.
inline bool allowed_option(std::string_view arg, OptionTarget target) {
    switch (target) {
    case OptionTarget::nvcc:
        return detail::allowed_nvcc_option(arg);
    case OptionTarget::host_cxx:
    case OptionTarget::xcompiler:
        return detail::allowed_host_option(arg);
    case OptionTarget::xptxas:
        return detail::allowed_ptxas_option(arg);
    case OptionTarget::xcudafe:
        return detail::allowed_cudafe_option(arg);
    case OptionTarget::xfatbin:
        return detail::is_one_of(arg, {"-compress-all", "--compress-all", "-compress=true",
                                       "--compress=true", "-compress=false", "--compress=false"});
    }
    return false;
}

// nvcc's pass-through that `arg` opens ("-Xcompiler" alone, or "-Xcompiler=<pieces>"), with the
// length of its spelling; nullopt for any other argument.
struct PassThrough {
    OptionTarget target;
    std::size_t spelling;
};
inline std::optional<PassThrough> pass_through(std::string_view arg) {
    static constexpr std::pair<std::string_view, OptionTarget> spellings[] = {
        {"-Xcompiler", OptionTarget::xcompiler}, {"--compiler-options", OptionTarget::xcompiler},
        {"-Xptxas", OptionTarget::xptxas},       {"--ptxas-options", OptionTarget::xptxas},
        {"-Xcudafe", OptionTarget::xcudafe},     {"--cudafe-options", OptionTarget::xcudafe},
        {"-Xfatbin", OptionTarget::xfatbin},     {"--fatbin-options", OptionTarget::xfatbin}};
    for (const auto& [spelling, target] : spellings)
        if (arg == spelling || (text::starts_with(arg, spelling) && arg.size() > spelling.size() &&
                                arg[spelling.size()] == '='))
            return PassThrough{target, spelling.size()};
    return std::nullopt;
}

// nvcc options written with their value as the next argument ("-x cu", "-std c++17", "--threads
// 2"); the pair is checked as "<option>=<value>".
inline bool takes_next_value(std::string_view arg, OptionTarget target) {
    if (target == OptionTarget::host_cxx)
        return arg == "-x";
    return detail::is_one_of(arg, {"-x", "--x", "-std", "--std", "-t", "--threads", "--machine",
                                   "-cudart", "--cudart", "-default-stream", "--default-stream",
                                   "--optimize", "-maxrregcount", "--maxrregcount", "--Werror"});
}

} // namespace odo::devcode
