#pragma once
// The device code of one compiled translation unit, split per kernel, device function and module
// datum, in a canonical form two compiles of equivalent sources share: the material of the
// device-code proof (refactor_op --phase prove). PTX comes from `nvcc -ptx`, SASS from the cubin of
// `nvcc -cubin` read as an ELF file (cubin_module.hpp), so neither stage needs a disassembler.
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace odo::devcode {

enum class Stage { ptx, sass };
enum class SymbolKind { kernel, function, datum };

struct Symbol {
    // The mangled name with anonymous-namespace discriminators (`_GLOBAL__N__<hash>_<file>_...`,
    // which name the file compiled) canonicalized to one token, `_GLOBAL__N_1`.
    std::string name;
    // The demangled name without return type and parameter list ("ns::(anonymous
    // namespace)::invert<float>"); the canonical name itself where it does not demangle.
    std::string base_name;
    SymbolKind kind = SymbolKind::kernel;
    // PTX: each parameter's declaration without its name (".param .u64"), in order.
    // SASS: each parameter's "offset:size" in the parameter bank, in order, then the kernel's
    // other .nv.info attributes ("nv.info 0x05 <value hex>": launch bounds, register limit),
    // "constant0:<bytes>" and "shared:<bytes>" where the kernel has static shared memory; a
    // datum: the section that holds it.
    std::vector<std::string> params;
    // PTX: one canonical statement per line (comments, debug directives, label numbers and
    // parameter names canonicalized; whitespace collapsed). SASS: one hex line per instruction
    // word of the symbol's .text.<name> section; a datum: its initial bytes, or its size.
    std::vector<std::string> body;
    // SASS only: body with the sm_70+ scheduling control bits masked.
    std::vector<std::string> schedule_masked_body;
    // SASS only: "offset type symbol+addend" for each relocation of the code section, whose
    // bytes hold zeros where the loader patches in a symbol's address.
    std::vector<std::string> relocations;
};

struct Module {
    Stage stage = Stage::ptx;
    std::string arch; // "sm_80"
    std::vector<Symbol> symbols;
};

// The largest PTX text or cubin the readers accept.
inline constexpr std::size_t max_device_code_bytes = std::size_t(256) << 20;

ODO_API std::string_view to_string(Stage s) noexcept;
ODO_API std::string_view to_string(SymbolKind k) noexcept;
// An instruction of a canonical body: a PTX statement that is not a label, a brace or a
// directive (.reg, .param, ...); every SASS instruction word.
ODO_API std::size_t instruction_count(Stage s, const std::vector<std::string>& body);

namespace detail {
ODO_API void require_size_within_limit(std::size_t size, std::string_view origin);
} // namespace detail

#if ODO_DEVCODE_DEFINITIONS
ODO_API std::string_view to_string(Stage s) noexcept {
    return s == Stage::ptx ? "ptx" : "sass";
}

ODO_API std::string_view to_string(SymbolKind k) noexcept {
    switch (k) {
    case SymbolKind::kernel:
        return "kernel";
    case SymbolKind::function:
        return "function";
    case SymbolKind::datum:
        return "datum";
    }
    return "kernel";
}

ODO_API std::size_t instruction_count(Stage s, const std::vector<std::string>& body) {
    if (s == Stage::sass)
        return body.size();
    std::size_t n = 0;
    for (const std::string& line : body)
        if (!line.empty() && line.front() != '.' && line != "{" && line != "}" &&
            line.back() != ':')
            ++n;
    return n;
}

namespace detail {
ODO_API void require_size_within_limit(std::size_t size, std::string_view origin) {
    if (size > max_device_code_bytes)
        throw InputError(std::string(origin) + ": " + std::to_string(size) +
                         " bytes, more than the " + std::to_string(max_device_code_bytes >> 20) +
                         " MiB a device-code reader accepts");
}
} // namespace detail
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace odo::devcode
