#pragma once
// A bounds-checked reader of little-endian ELF64 files (the cubins nvcc -cubin writes): section
// headers, section contents, the symbol table and string tables. Every offset, size and index the
// file states is checked against the bytes there are before it is used; a violation is one
// InputError naming the file and the field.
#include "odo/core/error.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace odo::devcode::detail {

struct ElfSection {
    std::size_t index = 0;
    std::uint32_t name_offset = 0;
    std::string name;
    std::uint32_t type = 0;
    std::uint64_t flags = 0;
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    std::uint32_t link = 0;
    std::uint32_t info = 0;
    std::uint64_t entry_size = 0;
};

struct ElfSymbol {
    std::string name;
    std::uint8_t type = 0; // STT_*: the low nibble of st_info
    std::uint8_t other = 0;
    std::uint16_t section = 0;
    std::uint64_t value = 0;
    std::uint64_t size = 0;
};

inline constexpr std::uint32_t elf_section_symtab = 2;
inline constexpr std::uint32_t elf_section_strtab = 3;
inline constexpr std::uint32_t elf_section_rela = 4;
inline constexpr std::uint32_t elf_section_nobits = 8;
inline constexpr std::uint32_t elf_section_rel = 9;
inline constexpr std::uint8_t elf_symbol_object = 1;
inline constexpr std::uint8_t elf_symbol_function = 2;

#if ODO_DEVCODE_DEFINITIONS
class Elf64Reader {
public:
    Elf64Reader(std::string_view bytes, std::string_view origin) : bytes_(bytes), origin_(origin) {
        if (bytes.size() < header_size)
            fail("the ELF header", "the file has " + std::to_string(bytes.size()) +
                                       " bytes, fewer than an ELF64 header's 64");
        if (bytes.substr(0, 4) != "\x7f"
                                  "ELF")
            fail("the ELF header", "no ELF magic number");
        if (bytes[4] != 2 || bytes[5] != 1)
            fail("the ELF header", "not a little-endian ELF64 file");
        read_sections();
    }

    [[noreturn]] void fail(std::string_view field, const std::string& what) const {
        throw InputError(std::string(origin_) + ": " + std::string(field) + ": " + what);
    }

    template <class T>
    T read(std::uint64_t at, std::string_view field) const {
        if (at > bytes_.size() || bytes_.size() - at < sizeof(T))
            fail(field, "offset " + std::to_string(at) + " is past the end of the file");
        T value = 0;
        for (std::size_t i = sizeof(T); i-- > 0;)
            value = static_cast<T>((value << 8) | static_cast<unsigned char>(bytes_[at + i]));
        return value;
    }

    const std::vector<ElfSection>& sections() const noexcept { return sections_; }

    // A section's bytes; empty for SHT_NOBITS, whose size occupies no file bytes.
    std::string_view contents(const ElfSection& s) const {
        if (s.type == elf_section_nobits)
            return {};
        if (s.offset > bytes_.size() || bytes_.size() - s.offset < s.size)
            fail("section " + std::to_string(s.index) + " " + s.name,
                 "its " + std::to_string(s.size) + " bytes at offset " + std::to_string(s.offset) +
                     " end past the file's " + std::to_string(bytes_.size()));
        return bytes_.substr(static_cast<std::size_t>(s.offset), static_cast<std::size_t>(s.size));
    }

    // The NUL-terminated string at `at` in string table `table` (a section index).
    std::string string_at(std::uint32_t table, std::uint64_t at, std::string_view field) const {
        if (table >= sections_.size() || sections_[table].type != elf_section_strtab)
            fail(field,
                 "its string table (section " + std::to_string(table) + ") is not a string table");
        const std::string_view strings = contents(sections_[table]);
        if (at >= strings.size())
            fail(field, "name offset " + std::to_string(at) + " is outside its string table of " +
                            std::to_string(strings.size()) + " bytes");
        const std::size_t end = strings.find('\0', static_cast<std::size_t>(at));
        if (end == std::string_view::npos)
            fail(field, "its name is not terminated inside its string table");
        return std::string(strings.substr(static_cast<std::size_t>(at), end - at));
    }

    // The entries of the (first) SHT_SYMTAB section; none where there is no symbol table.
    std::vector<ElfSymbol> symbols() const {
        std::vector<ElfSymbol> out;
        for (const ElfSection& s : sections_) {
            if (s.type != elf_section_symtab)
                continue;
            if (s.entry_size != symbol_size || s.size % symbol_size != 0)
                fail("section " + s.name, "symbol entries are not 24 bytes each");
            const std::string_view table = contents(s);
            for (std::size_t at = 0; at < table.size(); at += symbol_size) {
                const std::uint64_t base = s.offset + at;
                const std::string field = "symbol " + std::to_string(at / symbol_size);
                ElfSymbol sym;
                sym.name = string_at(s.link, read<std::uint32_t>(base, field), field);
                sym.type = read<std::uint8_t>(base + 4, field) & 0xf;
                sym.other = read<std::uint8_t>(base + 5, field);
                sym.section = read<std::uint16_t>(base + 6, field);
                sym.value = read<std::uint64_t>(base + 8, field);
                sym.size = read<std::uint64_t>(base + 16, field);
                out.push_back(std::move(sym));
            }
            return out;
        }
        return out;
    }

    static constexpr std::size_t header_size = 64;
    static constexpr std::size_t section_header_size = 64;
    static constexpr std::size_t symbol_size = 24;

private:
    void read_sections() {
        const auto offset = read<std::uint64_t>(0x28, "e_shoff");
        const auto entry_size = read<std::uint16_t>(0x3a, "e_shentsize");
        const auto count = read<std::uint16_t>(0x3c, "e_shnum");
        const auto names = read<std::uint16_t>(0x3e, "e_shstrndx");
        if (count == 0)
            fail("e_shnum", "the file has no section headers");
        if (entry_size != section_header_size)
            fail("e_shentsize", std::to_string(entry_size) + ", not 64");
        if (offset > bytes_.size() || (bytes_.size() - offset) / section_header_size < count)
            fail("e_shnum", std::to_string(count) + " section headers at offset " +
                                std::to_string(offset) + " do not fit in the file's " +
                                std::to_string(bytes_.size()) + " bytes");
        if (names >= count)
            fail("e_shstrndx", "section " + std::to_string(names) + " of " + std::to_string(count) +
                                   " does not exist");
        for (std::uint64_t i = 0; i < count; ++i) {
            const std::uint64_t base = offset + i * section_header_size;
            const std::string field = "section header " + std::to_string(i);
            ElfSection s;
            s.index = static_cast<std::size_t>(i);
            s.name_offset = read<std::uint32_t>(base, field);
            s.type = read<std::uint32_t>(base + 4, field);
            s.flags = read<std::uint64_t>(base + 8, field);
            s.offset = read<std::uint64_t>(base + 24, field);
            s.size = read<std::uint64_t>(base + 32, field);
            s.link = read<std::uint32_t>(base + 40, field);
            s.info = read<std::uint32_t>(base + 44, field);
            s.entry_size = read<std::uint64_t>(base + 56, field);
            sections_.push_back(std::move(s));
        }
        for (ElfSection& s : sections_)
            s.name =
                string_at(names, s.name_offset, "the name of section " + std::to_string(s.index));
    }

    std::string_view bytes_;
    std::string_view origin_;
    std::vector<ElfSection> sections_;
};
#endif // ODO_DEVCODE_DEFINITIONS

} // namespace odo::devcode::detail
