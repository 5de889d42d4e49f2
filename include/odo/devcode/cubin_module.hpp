#pragma once
// A cubin (`nvcc -cubin`) read into a devcode::Module without a disassembler: each kernel's and
// device function's machine code is the bytes of its .text.<name> section, one 128-bit
// instruction word per body line; its parameter layout comes from .nv.info.<name>
// (EIATTR_KPARAM_INFO) and the size of its constant bank 0 from .nv.constant0.<name>; the
// literals the compiler put in another constant bank are a datum of their own.
//
// From sm_70 on, each instruction word carries the scheduler's control bits in bits 105..125
// (stall cycles, yield, write and read barrier, barrier wait mask, operand reuse). A change that
// only moved those (ptxas scheduling the same instructions differently) leaves
// schedule_masked_body equal: the proof can tell a schedule-only difference from a changed one.
#include "odo/core/error.hpp"
#include "odo/core/linkage.hpp"
#include "odo/devcode/device_code.hpp"
#include "odo/devcode/device_symbol_name.hpp"
#include "odo/devcode/elf64_reader.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace odo::devcode {

// Throws InputError naming `origin` when the bytes are not a little-endian ELF64 CUDA file of
// sm_70 or later, exceed max_device_code_bytes, or state an offset, size or index they do not hold.
ODO_API Module parse_cubin(std::string_view bytes, std::string_view origin);
// The 16 bytes of one instruction word with bits 105..125 cleared.
ODO_API std::string mask_schedule_bits(std::string_view word);

#if ODO_DEVCODE_DEFINITIONS
namespace detail {

inline constexpr std::uint16_t elf_machine_cuda = 190;
inline constexpr std::uint8_t cuda_entry_symbol = 0x10; // st_other of a kernel (.entry)
inline constexpr unsigned first_128_bit_arch = 70;
inline constexpr std::size_t sass_word_bytes = 16;
inline constexpr std::size_t datum_line_bytes = 64;
// .nv.info attributes: a format byte, an attribute byte, then 2 value bytes, or for the
// size-prefixed format a 16-bit size and that many bytes.
inline constexpr std::uint8_t nv_info_sized_value = 0x04;
inline constexpr std::uint8_t eiattr_kparam_info = 0x17;
inline constexpr std::uint8_t eiattr_param_cbank = 0x0a;
inline constexpr std::uint16_t first_reserved_section = 0xff00;
// Relocatable cubins (-rdc) type device data STT_CUDA_OBJECT and keep uninitialised __device__
// data in a section of their own type, which, like SHT_NOBITS, occupies no file bytes.
inline constexpr std::uint8_t elf_symbol_cuda_object = 13;
inline constexpr std::uint32_t cuda_section_uninitialised = 0x70000007;

inline bool is_data_symbol(const ElfSymbol& sym) {
    return sym.type == elf_symbol_object || sym.type == elf_symbol_cuda_object;
}

inline bool holds_no_bytes(const ElfSection& s) {
    return s.type == elf_section_nobits || s.type == cuda_section_uninitialised;
}

inline std::string hex_bytes_high_first(std::string_view bytes) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size() * 2);
    for (std::size_t i = bytes.size(); i-- > 0;) {
        const auto b = static_cast<unsigned char>(bytes[i]);
        out.push_back(digits[b >> 4]);
        out.push_back(digits[b & 0xf]);
    }
    return out;
}

inline std::string hex_bytes_in_order(std::string_view bytes) {
    std::string out;
    for (const char c : bytes)
        out += hex_bytes_high_first(std::string_view(&c, 1));
    return out;
}

// sm_NN from e_flags: CUDA 13's ELF ABI version 8 keeps it in bits 8..15, earlier ones in 0..7.
inline unsigned cubin_arch(const Elf64Reader& elf) {
    const auto machine = elf.read<std::uint16_t>(0x12, "e_machine");
    if (machine != elf_machine_cuda)
        elf.fail("e_machine", std::to_string(machine) + ", not a CUDA cubin (190)");
    const auto abi_version = elf.read<std::uint8_t>(8, "EI_ABIVERSION");
    const auto flags = elf.read<std::uint32_t>(0x30, "e_flags");
    const unsigned arch = abi_version >= 8 ? (flags >> 8) & 0xff : flags & 0xff;
    if (arch < first_128_bit_arch)
        elf.fail("e_flags", "sm_" + std::to_string(arch) +
                                ": code before sm_70 (64-bit words, separate control words) is "
                                "not read");
    return arch;
}

// "offset:size" of each parameter in the parameter bank, in parameter order, then each other
// attribute of the kernel as "nv.info 0x<attribute> <value hex>": the launch bounds
// (__launch_bounds__ is EIATTR_MAX_THREADS, 0x05), the register limit and the like, which change
// what a launch does without changing a byte of code. Left out: EIATTR_PARAM_CBANK, whose value
// names a symbol by its index in the symbol table, which another kernel's addition shifts.
inline std::vector<std::string> kernel_layout(const Elf64Reader& elf, const ElfSection& info) {
    const std::string_view bytes = elf.contents(info);
    const std::string field = "section " + info.name;
    std::map<std::uint16_t, std::string> by_ordinal;
    std::vector<std::string> attributes;
    for (std::size_t at = 0; at < bytes.size();) {
        if (bytes.size() - at < 4)
            elf.fail(field, "an attribute header is cut off at byte " + std::to_string(at));
        const auto format = static_cast<std::uint8_t>(bytes[at]);
        const auto attribute = static_cast<std::uint8_t>(bytes[at + 1]);
        const auto value = elf.read<std::uint16_t>(info.offset + at + 2, field);
        const bool sized = format == nv_info_sized_value;
        if (sized && bytes.size() - at - 4 < value)
            elf.fail(field, "an attribute of " + std::to_string(value) + " bytes at byte " +
                                std::to_string(at) + " ends past the section");
        const std::string_view payload = bytes.substr(at + (sized ? 4 : 2), sized ? value : 2);
        if (sized && attribute == eiattr_kparam_info) {
            if (value < 12)
                elf.fail(field, "a parameter description of " + std::to_string(value) +
                                    " bytes, fewer than 12");
            const std::uint64_t base = info.offset + at + 4;
            const auto ordinal = elf.read<std::uint16_t>(base + 4, field);
            const auto offset = elf.read<std::uint16_t>(base + 6, field);
            const auto size = (elf.read<std::uint32_t>(base + 8, field) >> 18) & 0x3fff;
            if (!by_ordinal.emplace(ordinal, std::to_string(offset) + ":" + std::to_string(size))
                     .second)
                elf.fail(field, "parameter " + std::to_string(ordinal) + " is described twice");
        } else if (attribute != eiattr_param_cbank) {
            attributes.push_back("nv.info 0x" +
                                 hex_bytes_high_first(std::string(1, char(attribute))) + " " +
                                 hex_bytes_in_order(payload));
        }
        at += 4 + (sized ? std::size_t(value) : 0);
    }
    std::vector<std::string> out;
    for (auto& entry : by_ordinal)
        out.push_back(std::move(entry.second));
    out.insert(out.end(), attributes.begin(), attributes.end());
    return out;
}

inline std::string symbol_or_section_name(const std::vector<ElfSymbol>& symbols,
                                          const std::vector<ElfSection>& sections,
                                          std::uint64_t index, const Elf64Reader& elf,
                                          const std::string& field) {
    if (index >= symbols.size())
        elf.fail(field, "symbol " + std::to_string(index) + " of " +
                            std::to_string(symbols.size()) + " does not exist");
    const ElfSymbol& s = symbols[static_cast<std::size_t>(index)];
    if (s.name.empty() && s.section < sections.size())
        return sections[s.section].name;
    return canonical_symbol_name(s.name);
}

// "offset type symbol+addend" for each entry of the REL/RELA sections applying to `code`.
inline std::vector<std::string> relocations_of(const Elf64Reader& elf, const ElfSection& code,
                                               const std::vector<ElfSymbol>& symbols) {
    std::vector<std::string> out;
    for (const ElfSection& s : elf.sections()) {
        const bool addend = s.type == elf_section_rela;
        if ((!addend && s.type != elf_section_rel) || s.info != code.index)
            continue;
        const std::size_t entry = addend ? 24 : 16;
        const std::string field = "section " + s.name;
        if (s.size % entry != 0)
            elf.fail(field, "its size is not a whole number of " + std::to_string(entry) +
                                "-byte entries");
        const std::string_view bytes = elf.contents(s);
        for (std::size_t at = 0; at < bytes.size(); at += entry) {
            const std::uint64_t base = s.offset + at;
            const auto offset = elf.read<std::uint64_t>(base, field);
            const auto info = elf.read<std::uint64_t>(base + 8, field);
            const auto add =
                addend ? static_cast<std::int64_t>(elf.read<std::uint64_t>(base + 16, field)) : 0;
            out.push_back(std::to_string(offset) + " " + std::to_string(info & 0xffffffffu) + " " +
                          symbol_or_section_name(symbols, elf.sections(), info >> 32, elf, field) +
                          "+" + std::to_string(add));
        }
    }
    return out;
}

inline Symbol code_symbol(const Elf64Reader& elf, const ElfSection& code, std::string_view name,
                          const std::vector<ElfSymbol>& symbols,
                          const std::map<std::string, const ElfSection*>& by_name) {
    if (code.type == elf_section_nobits || code.size % sass_word_bytes != 0)
        elf.fail("section " + code.name, std::to_string(code.size) +
                                             " bytes, not a whole number of 16-byte "
                                             "instruction words");
    Symbol s;
    s.name = canonical_symbol_name(name);
    s.base_name = symbol_base_name(s.name);
    s.kind = SymbolKind::function;
    for (const ElfSymbol& sym : symbols)
        if (sym.type == elf_symbol_function && sym.section == code.index && sym.name == name &&
            (sym.other & cuda_entry_symbol))
            s.kind = SymbolKind::kernel;
    const std::string_view bytes = elf.contents(code);
    for (std::size_t at = 0; at < bytes.size(); at += sass_word_bytes) {
        const std::string_view word = bytes.substr(at, sass_word_bytes);
        s.body.push_back(hex_bytes_high_first(word));
        s.schedule_masked_body.push_back(hex_bytes_high_first(mask_schedule_bits(word)));
    }
    const std::string suffix = std::string(name);
    const auto info = by_name.find(".nv.info." + suffix);
    if (info != by_name.end())
        s.params = kernel_layout(elf, *info->second);
    const auto constants = by_name.find(".nv.constant0." + suffix);
    if (constants != by_name.end())
        s.params.push_back("constant0:" + std::to_string(constants->second->size));
    const auto shared = by_name.find(".nv.shared." + suffix);
    if (shared != by_name.end())
        s.params.push_back("shared:" + std::to_string(shared->second->size));
    s.relocations = relocations_of(elf, code, symbols);
    return s;
}

inline Symbol data_symbol(const Elf64Reader& elf, const ElfSymbol& sym) {
    const ElfSection& home = elf.sections()[sym.section];
    Symbol s;
    s.kind = SymbolKind::datum;
    s.name = canonical_symbol_name(sym.name);
    s.base_name = symbol_base_name(s.name);
    s.params.push_back(home.name);
    if (sym.value > home.size || home.size - sym.value < sym.size)
        elf.fail("symbol " + sym.name, "its " + std::to_string(sym.size) + " bytes at " +
                                           std::to_string(sym.value) + " end past section " +
                                           home.name);
    if (holds_no_bytes(home)) {
        s.body.push_back("zero-initialised " + std::to_string(sym.size) + " bytes");
        return s;
    }
    const std::string_view bytes = elf.contents(home).substr(static_cast<std::size_t>(sym.value),
                                                             static_cast<std::size_t>(sym.size));
    for (std::size_t at = 0; at < bytes.size(); at += datum_line_bytes)
        s.body.push_back(hex_bytes_in_order(bytes.substr(at, datum_line_bytes)));
    return s;
}

// A constant bank the compiler filled (`.nv.constant2.<kernel>` holds the literals an instruction
// cannot encode): its bytes are part of the code, so a changed literal there must not read as
// identical. Bank 0 is left out: its contents are the driver's, its size is in the kernel's
// params. Banks holding data symbols are compared symbol by symbol.
inline std::optional<Symbol> constant_bank(const Elf64Reader& elf, const ElfSection& bank,
                                           const std::vector<ElfSymbol>& symbols) {
    constexpr std::string_view prefix = ".nv.constant";
    const std::string_view name = bank.name;
    if (name.compare(0, prefix.size(), prefix) != 0 || name.size() == prefix.size())
        return std::nullopt;
    const std::string_view rest = name.substr(prefix.size());
    const std::size_t digits = std::min(rest.find('.'), rest.size());
    if (digits == 0 ||
        rest.substr(0, digits).find_first_not_of("0123456789") != std::string_view::npos ||
        rest.substr(0, digits) == "0")
        return std::nullopt;
    for (const ElfSymbol& sym : symbols)
        if (is_data_symbol(sym) && sym.section == bank.index)
            return std::nullopt;
    const std::string owner =
        digits < rest.size() ? canonical_symbol_name(rest.substr(digits + 1)) : std::string();
    Symbol s;
    s.kind = SymbolKind::datum;
    s.name =
        std::string(name.substr(0, prefix.size() + digits)) + (owner.empty() ? "" : "." + owner);
    s.base_name = "constant bank " + std::string(rest.substr(0, digits)) +
                  (owner.empty() ? "" : " of " + symbol_base_name(owner));
    s.params.push_back(std::string(name.substr(0, prefix.size() + digits)));
    if (holds_no_bytes(bank)) {
        s.body.push_back("zero-initialised " + std::to_string(bank.size) + " bytes");
        return s;
    }
    const std::string_view bytes = elf.contents(bank);
    for (std::size_t at = 0; at < bytes.size(); at += datum_line_bytes)
        s.body.push_back(hex_bytes_in_order(bytes.substr(at, datum_line_bytes)));
    return s;
}

} // namespace detail

ODO_API std::string mask_schedule_bits(std::string_view word) {
    // Bits 105..125 of the little-endian 128-bit word: bit 1 of byte 13 to bit 5 of byte 15.
    std::string masked(word);
    if (masked.size() != detail::sass_word_bytes)
        return masked;
    masked[13] = static_cast<char>(static_cast<unsigned char>(masked[13]) & 0x01);
    masked[14] = 0;
    masked[15] = static_cast<char>(static_cast<unsigned char>(masked[15]) & 0xc0);
    return masked;
}

ODO_API Module parse_cubin(std::string_view bytes, std::string_view origin) {
    using namespace detail;
    require_size_within_limit(bytes.size(), origin);
    const Elf64Reader elf(bytes, origin);
    Module m;
    m.stage = Stage::sass;
    m.arch = "sm_" + std::to_string(cubin_arch(elf));
    const std::vector<ElfSymbol> symbols = elf.symbols();
    std::map<std::string, const ElfSection*> by_name;
    for (const ElfSection& s : elf.sections())
        by_name.emplace(s.name, &s);
    std::set<std::string> names;
    const auto add = [&](Symbol s) {
        if (!names.insert(s.name).second)
            throw InputError(std::string(origin) + ": a second definition of " + s.name);
        m.symbols.push_back(std::move(s));
    };
    constexpr std::string_view text_prefix = ".text.";
    for (const ElfSection& s : elf.sections())
        if (s.name.compare(0, text_prefix.size(), text_prefix) == 0 &&
            s.name.size() > text_prefix.size())
            add(code_symbol(elf, s, std::string_view(s.name).substr(text_prefix.size()), symbols,
                            by_name));
    for (const ElfSection& s : elf.sections())
        if (auto bank = constant_bank(elf, s, symbols))
            add(std::move(*bank));
    for (const ElfSymbol& sym : symbols) {
        if (!is_data_symbol(sym) || sym.section == 0 || sym.section >= first_reserved_section)
            continue;
        if (sym.section >= elf.sections().size())
            elf.fail("symbol " + sym.name,
                     "its section " + std::to_string(sym.section) + " does not exist");
        if (sym.name.empty())
            elf.fail("the symbol table", "a data symbol in section " +
                                             elf.sections()[sym.section].name + " has no name");
        // A relocatable cubin names each kernel's parameter bank `_param`: the kernel's layout.
        if (elf.sections()[sym.section].name.compare(0, 14, ".nv.constant0.") != 0)
            add(data_symbol(elf, sym));
    }
    return m;
}
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace odo::devcode
