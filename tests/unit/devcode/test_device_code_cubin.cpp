// The SASS stage of the device-code proof without a disassembler: a cubin nvcc wrote
// (tests/data/device_code/scale.sm_80.cubin, generate.sh there) read from its ELF sections,
// the same bytes with one instruction's control bits or opcode bits flipped, and hostile ELF bytes,
// which are one InputError naming the file, never a crash.
#include <odo/core/error.hpp>
#include <odo/core/file.hpp>
#include <odo/devcode/cubin_module.hpp>
#include <odo/devcode/device_code_diff.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

// The tests live in a namespace of their own: the layer's files are one unit (a unity build)
// and odo::devcode::detail must not make another file's `detail` ambiguous.
namespace device_cubin_tests {

using namespace odo::devcode;

namespace elf = odo::devcode::detail;

const std::string cubin_path = ODO_TEST_DATA_DIR "/device_code/scale.sm_80.cubin";
const std::string scale_text = ".text._Z11scaleKernelPKfPfiif";

std::string cubin_bytes() {
    return odo::read_file(cubin_path);
}

elf::ElfSection cubin_section(const std::string& bytes, const std::string& name) {
    const elf::Elf64Reader elf(bytes, "fixture");
    for (const elf::ElfSection& s : elf.sections())
        if (s.name == name)
            return s;
    FAIL("no section " << name);
    return {};
}

void put_le(std::string& bytes, std::uint64_t at, std::uint64_t value, int width) {
    REQUIRE(at + static_cast<std::uint64_t>(width) <= bytes.size());
    for (int i = 0; i < width; ++i)
        bytes[static_cast<std::size_t>(at) + static_cast<std::size_t>(i)] =
            static_cast<char>((value >> (8 * i)) & 0xff);
}

std::uint64_t section_header_at(const std::string& bytes, std::size_t index) {
    std::uint64_t shoff = 0;
    for (int i = 7; i >= 0; --i)
        shoff =
            (shoff << 8) | static_cast<unsigned char>(bytes[0x28 + static_cast<std::size_t>(i)]);
    return shoff + index * 64;
}

const SymbolDelta& cubin_delta(const std::vector<SymbolDelta>& deltas, const std::string& base) {
    const auto it = std::find_if(deltas.begin(), deltas.end(),
                                 [&](const SymbolDelta& d) { return d.base_name == base; });
    REQUIRE(it != deltas.end());
    return *it;
}

void rejected(const std::string& bytes, const std::string& part) {
    try {
        parse_cubin(bytes, "hostile.cubin");
        FAIL("accepted hostile bytes expected to fail with: " << part);
    } catch (const odo::InputError& e) {
        const std::string what = e.what();
        CHECK(what.find("hostile.cubin: ") == 0);
        CHECK_MESSAGE(what.find(part) != std::string::npos, what);
    }
}

TEST_CASE("cubin: kernels, parameter layout and instruction words from the ELF") {
    const Module m = parse_cubin(cubin_bytes(), "scale.sm_80.cubin");
    CHECK(m.stage == Stage::sass);
    CHECK(m.arch == "sm_80");
    REQUIRE(m.symbols.size() == 2);
    const auto scale = std::find_if(m.symbols.begin(), m.symbols.end(),
                                    [](const Symbol& s) { return s.base_name == "scaleKernel"; });
    REQUIRE(scale != m.symbols.end());
    CHECK(scale->name == "_Z11scaleKernelPKfPfiif");
    CHECK(scale->kind == SymbolKind::kernel);
    // in, out (pointers), n, unused (int), gain (float); bank 0 holds 0x160 bytes before them.
    REQUIRE(scale->params.size() > 6);
    CHECK(std::vector<std::string>(scale->params.begin(), scale->params.begin() + 5) ==
          std::vector<std::string>{"0:8", "8:8", "16:4", "20:4", "24:4"});
    CHECK(scale->params.back() == "constant0:380");
    // The other attributes: EIATTR_MAXREG_COUNT (0x1b) is there, EIATTR_PARAM_CBANK (0x0a) not.
    CHECK(std::count(scale->params.begin(), scale->params.end(), "nv.info 0x1b ff00") == 1);
    for (const std::string& entry : scale->params)
        CHECK(entry.compare(0, 12, "nv.info 0x0a") != 0);
    CHECK(scale->body.size() == cubin_section(cubin_bytes(), scale_text).size / 16);
    CHECK(scale->schedule_masked_body.size() == scale->body.size());
    for (const std::string& word : scale->body)
        CHECK(word.size() == 32);
    CHECK(scale->body != scale->schedule_masked_body);
    const auto offset = std::find_if(m.symbols.begin(), m.symbols.end(), [](const Symbol& s) {
        return s.base_name == "(anonymous namespace)::offsetKernel";
    });
    REQUIRE(offset != m.symbols.end());
    CHECK(offset->name == "_ZN12_GLOBAL__N_112offsetKernelEPfif");
    CHECK(std::vector<std::string>(offset->params.begin(), offset->params.begin() + 3) ==
          std::vector<std::string>{"0:8", "8:4", "12:4"});
}

TEST_CASE("cubin: control bits only are schedule-only; an opcode bit is changed") {
    const std::string bytes = cubin_bytes();
    const Module base = parse_cubin(bytes, "base.cubin");
    const elf::ElfSection text = cubin_section(bytes, scale_text);
    const std::size_t word = static_cast<std::size_t>(text.offset) + 3 * 16;

    std::string scheduled = bytes;
    scheduled[word + 13] = static_cast<char>(scheduled[word + 13] ^ 0x40); // bit 110: a barrier
    scheduled[word + 15] = static_cast<char>(scheduled[word + 15] ^ 0x20); // bit 125: reuse
    const auto schedule = compare(base, parse_cubin(scheduled, "scheduled.cubin"));
    CHECK(cubin_delta(schedule, "scaleKernel").delta == Delta::schedule_only);
    CHECK(cubin_delta(schedule, "scaleKernel").changed_lines == 1);
    CHECK(cubin_delta(schedule, "(anonymous namespace)::offsetKernel").delta == Delta::identical);

    std::string edited = bytes;
    edited[word + 13] = static_cast<char>(edited[word + 13] ^ 0x01); // bit 104: not control
    const auto changed = compare(base, parse_cubin(edited, "edited.cubin"));
    CHECK(cubin_delta(changed, "scaleKernel").delta == Delta::changed);
    CHECK(cubin_delta(changed, "scaleKernel").changed_lines == 1);
    CHECK(cubin_delta(changed, "scaleKernel").instruction_delta == 0);

    CHECK(mask_schedule_bits(std::string(16, '\xff')) ==
          std::string(13, '\xff') + std::string("\x01\x00\xc0", 3));
}

TEST_CASE("cubin: the same code with another parameter layout is signature-only") {
    const Module base = parse_cubin(cubin_bytes(), "base.cubin");
    Module head = base;
    for (Symbol& s : head.symbols)
        if (s.base_name == "scaleKernel")
            s.params.erase(s.params.begin() + 4);
    const auto deltas = compare(base, head);
    const SymbolDelta& d = cubin_delta(deltas, "scaleKernel");
    CHECK(d.delta == Delta::signature_only);
    CHECK(d.detail == "parameter layout -24:4");
}

TEST_CASE("cubin: a literal ptxas keeps in constant bank 2 is compared with the code") {
    const std::string bytes = odo::read_file(ODO_TEST_DATA_DIR "/device_code/literal.sm_80.cubin");
    const Module base = parse_cubin(bytes, "literal.sm_80.cubin");
    const elf::ElfSection bank = cubin_section(bytes, ".nv.constant2._Z12affineKernelPd");
    REQUIRE(bank.size == 8);
    std::string edited = bytes;
    edited[static_cast<std::size_t>(bank.offset)] ^= 0x01; // 1.000000000001's lowest bit
    const auto deltas = compare(base, parse_cubin(edited, "edited.cubin"));
    REQUIRE(deltas.size() == 2);
    CHECK(cubin_delta(deltas, "affineKernel").delta == Delta::identical);
    const SymbolDelta& literal = cubin_delta(deltas, "constant bank 2 of affineKernel");
    CHECK(literal.delta == Delta::changed);
    CHECK(literal.kind == SymbolKind::datum);
    CHECK(literal.name == ".nv.constant2._Z12affineKernelPd");
}

TEST_CASE("cubin: other launch bounds on the same code are signature-only") {
    const std::string bytes = odo::read_file(ODO_TEST_DATA_DIR "/device_code/literal.sm_80.cubin");
    const elf::ElfSection info = cubin_section(bytes, ".nv.info._Z12affineKernelPd");
    std::size_t at = static_cast<std::size_t>(info.offset);
    const std::size_t end = at + static_cast<std::size_t>(info.size);
    while (at < end && !(bytes[at] == 0x04 && bytes[at + 1] == 0x05)) // EIATTR_MAX_THREADS
        at += 4 + (bytes[at] == 0x04 ? static_cast<unsigned char>(bytes[at + 2]) : 0);
    REQUIRE(at < end);
    REQUIRE(static_cast<unsigned char>(bytes[at + 4]) == 128); // __launch_bounds__(128)
    std::string edited = bytes;
    put_le(edited, at + 4, 256, 4);
    const auto deltas =
        compare(parse_cubin(bytes, "base.cubin"), parse_cubin(edited, "head.cubin"));
    const SymbolDelta& kernel = cubin_delta(deltas, "affineKernel");
    CHECK(kernel.delta == Delta::signature_only);
    CHECK(kernel.detail == "parameter layout -nv.info 0x05 800000000100000001000000 "
                           "+nv.info 0x05 000100000100000001000000");
}

TEST_CASE("cubin: a relocatable cubin (-rdc): file-prefixed names, device data, relocations") {
    const std::string bytes = odo::read_file(ODO_TEST_DATA_DIR "/device_code/rdc.sm_80.cubin");
    const Module m = parse_cubin(bytes, "rdc.sm_80.cubin");
    REQUIRE(m.symbols.size() == 3);
    const Symbol& kernel = m.symbols[0];
    CHECK(kernel.name == "__nv_static___ZN12_GLOBAL__N_19sumKernelEPi");
    const std::string kernel_text = "__nv_static_27__d2e0ff4f_6_rdc_cu_94629ea1__ZN38_GLOBAL__N__"
                                    "d2e0ff4f_6_rdc_cu_94629ea19sumKernelEPi";
    CHECK(kernel.base_name == "(anonymous namespace)::sumKernel");
    CHECK(kernel.kind == SymbolKind::kernel);
    // The loader patches the data's addresses into the code: which datum each word reads.
    CHECK(std::count_if(kernel.relocations.begin(), kernel.relocations.end(),
                        [](const std::string& r) {
                            return r.find(" initialised+0") != std::string::npos;
                        }) == 2);
    CHECK(m.symbols[1].name == "initialised");
    CHECK(m.symbols[1].body == std::vector<std::string>{"67452301"}); // 0x1234567, little-endian
    CHECK(m.symbols[2].name == "uninitialised");
    CHECK(m.symbols[2].body == std::vector<std::string>{"zero-initialised 4 bytes"});

    // Another value of the initialised datum changes it and nothing else.
    const elf::ElfSection init = cubin_section(bytes, ".nv.global.init");
    std::string edited = bytes;
    put_le(edited, init.offset, 0x7654321, 4);
    const auto deltas = compare(m, parse_cubin(edited, "edited.cubin"));
    CHECK(cubin_delta(deltas, "initialised").delta == Delta::changed);
    CHECK(cubin_delta(deltas, "(anonymous namespace)::sumKernel").delta == Delta::identical);

    // A relocation naming a symbol the table does not have.
    const elf::Elf64Reader reader(bytes, "rdc");
    const auto relocations = std::find_if(
        reader.sections().begin(), reader.sections().end(),
        [&](const elf::ElfSection& s) { return s.name == ".rel.text." + kernel_text; });
    REQUIRE(relocations != reader.sections().end());
    REQUIRE(relocations->size >= 16);
    std::string hostile = bytes;
    put_le(hostile, relocations->offset + 12, 0x7fffffff, 4); // r_info's symbol index
    rejected(hostile, "does not exist");

    // A datum whose name is the string table's empty first string.
    const elf::ElfSection symtab = cubin_section(bytes, ".symtab");
    const std::vector<elf::ElfSymbol> symbols = reader.symbols();
    const auto datum = std::find_if(symbols.begin(), symbols.end(), [](const elf::ElfSymbol& s) {
        return s.name == "initialised";
    });
    REQUIRE(datum != symbols.end());
    std::string nameless = bytes;
    put_le(nameless, symtab.offset + 24 * static_cast<std::uint64_t>(datum - symbols.begin()), 0,
           4);
    rejected(nameless, "has no name");
}

TEST_CASE("cubin: hostile ELF bytes are one InputError naming the file and field") {
    const std::string bytes = cubin_bytes();
    rejected(bytes.substr(0, 40), "fewer than an ELF64 header");
    rejected(std::string(100, 'x'), "no ELF magic");
    std::string elf32 = bytes;
    elf32[4] = 1;
    rejected(elf32, "not a little-endian ELF64");
    std::string machine = bytes;
    put_le(machine, 0x12, 62, 2);
    rejected(machine, "not a CUDA cubin");
    std::string old_arch = bytes;
    put_le(old_arch, 0x30, 0x6003504, 4); // sm_53
    rejected(old_arch, "sm_53");
    std::string many_sections = bytes;
    put_le(many_sections, 0x3c, 0xffff, 2);
    rejected(many_sections, "do not fit");
    std::string headers_past_end = bytes;
    put_le(headers_past_end, 0x28, std::uint64_t(1) << 62, 8);
    rejected(headers_past_end, "do not fit");
    std::string no_names = bytes;
    put_le(no_names, 0x3e, 900, 2);
    rejected(no_names, "e_shstrndx");

    const elf::ElfSection text = cubin_section(bytes, scale_text);
    std::string text_past_end = bytes;
    put_le(text_past_end, section_header_at(bytes, text.index) + 24, bytes.size() - 8, 8);
    rejected(text_past_end, "end past the file");
    std::string odd_text = bytes;
    put_le(odd_text, section_header_at(bytes, text.index) + 32, 15, 8);
    rejected(odd_text, "not a whole number of 16-byte");
    std::string section_name = bytes;
    put_le(section_name, section_header_at(bytes, text.index), 0x7fffffff, 4);
    rejected(section_name, "outside its string table");

    const elf::ElfSection symtab = cubin_section(bytes, ".symtab");
    std::string symbol_name = bytes;
    put_le(symbol_name, symtab.offset + 24, 0x7fffffff, 4); // symbol 1's st_name
    rejected(symbol_name, "outside its string table");

    const elf::ElfSection info = cubin_section(bytes, ".nv.info._Z11scaleKernelPKfPfiif");
    std::string attribute = bytes;
    std::uint64_t at = info.offset;
    while (static_cast<unsigned char>(attribute[static_cast<std::size_t>(at)]) != 0x04)
        at += 4; // to the first size-prefixed attribute
    put_le(attribute, at + 2, 0xfff0, 2);
    rejected(attribute, "ends past the section");

    rejected(std::string(max_device_code_bytes + 1, '\0'), "MiB");
}

TEST_CASE("cubin: every truncation is rejected or read, never a crash") {
    const std::string bytes = cubin_bytes();
    std::size_t rejected_count = 0;
    for (std::size_t size = 0; size < bytes.size(); size += 61) {
        try {
            parse_cubin(bytes.substr(0, size), "truncated.cubin");
        } catch (const odo::InputError&) {
            ++rejected_count;
        }
    }
    CHECK(rejected_count > 0);
}

} // namespace device_cubin_tests
