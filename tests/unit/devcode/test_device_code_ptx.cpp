// The PTX stage of the device-code proof on nvcc's own output (tests/data/device_code, made by
// generate.sh there): canonicalization makes equivalent compiles identical, and compare() names
// each kind of change the proof must tell apart.
#include <odo/core/error.hpp>
#include <odo/core/file.hpp>
#include <odo/devcode/device_code_diff.hpp>
#include <odo/devcode/device_symbol_name.hpp>
#include <odo/devcode/ptx_module.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

// The tests live in a namespace of their own: the layer's files are one unit (a unity build)
// and odo::devcode::detail must not make another file's `detail` ambiguous.
namespace device_ptx_tests {

using namespace odo::devcode;

const std::string fixtures = ODO_TEST_DATA_DIR "/device_code/";

Module ptx_fixture(const std::string& name) {
    return parse_ptx(odo::read_file(fixtures + name), name);
}

const SymbolDelta& delta_of(const std::vector<SymbolDelta>& deltas, const std::string& base_name) {
    const auto it = std::find_if(deltas.begin(), deltas.end(),
                                 [&](const SymbolDelta& d) { return d.base_name == base_name; });
    REQUIRE(it != deltas.end());
    return *it;
}

std::size_t count_of(const std::vector<SymbolDelta>& deltas, Delta kind) {
    return static_cast<std::size_t>(std::count_if(
        deltas.begin(), deltas.end(), [&](const SymbolDelta& d) { return d.delta == kind; }));
}

TEST_CASE("PTX: each kernel is one symbol with canonical name, parameters and body") {
    const Module m = ptx_fixture("scale.ptx");
    CHECK(m.stage == Stage::ptx);
    CHECK(m.arch == "sm_80");
    REQUIRE(m.symbols.size() == 2);
    const Symbol& scale = m.symbols[0];
    CHECK(scale.name == "_Z11scaleKernelPKfPfiif");
    CHECK(scale.base_name == "scaleKernel");
    CHECK(scale.kind == SymbolKind::kernel);
    CHECK(scale.params == std::vector<std::string>{".param .u64", ".param .u64", ".param .u32",
                                                   ".param .u32", ".param .f32"});
    CHECK(std::count(scale.body.begin(), scale.body.end(), "ld.param.f32 %f1, [%param#4];") == 1);
    CHECK(std::count(scale.body.begin(), scale.body.end(), "$L#0:") == 1);
    const Symbol& offset = m.symbols[1];
    CHECK(offset.name == "_ZN12_GLOBAL__N_112offsetKernelEPfif");
    CHECK(offset.base_name == "(anonymous namespace)::offsetKernel");
    for (const Symbol& s : m.symbols)
        for (const std::string& line : s.body) {
            CHECK(line.find("//") == std::string::npos);
            CHECK(line.find("_param_") == std::string::npos);
            CHECK(line.find("$L__") == std::string::npos);
        }
}

TEST_CASE("PTX: renames, reflow, comments, .loc/.file and another file name are identical") {
    const Module base = ptx_fixture("scale.ptx");
    const Module head = ptx_fixture("scale_reflowed.ptx");
    // The compile did differ: line directives and the anonymous namespace's discriminator.
    const std::string raw = odo::read_file(fixtures + "scale_reflowed.ptx");
    REQUIRE(raw.find(".loc") != std::string::npos);
    REQUIRE(raw.find("scale_reflowed_cu") != std::string::npos);
    const auto deltas = compare(base, head);
    REQUIRE(deltas.size() == 2);
    for (const SymbolDelta& d : deltas) {
        CHECK(d.delta == Delta::identical);
        CHECK(d.changed_lines == 0);
    }
}

TEST_CASE("PTX: a changed constant is changed, with the lines and instruction delta") {
    const auto deltas = compare(ptx_fixture("scale.ptx"), ptx_fixture("scale_constant.ptx"));
    const SymbolDelta& scale = delta_of(deltas, "scaleKernel");
    CHECK(scale.delta == Delta::changed);
    // x * g * 2 is an fma of x * g with itself; x * g * 3 a multiply by 0f40400000 instead.
    CHECK(scale.changed_lines == 1);
    CHECK(scale.instruction_delta == 0);
    CHECK(delta_of(deltas, "(anonymous namespace)::offsetKernel").delta == Delta::identical);
    Module base = ptx_fixture("scale.ptx");
    Module head = base;
    head.symbols[0].body.push_back("ret;");
    const auto grown = compare(base, head);
    CHECK(delta_of(grown, "scaleKernel").instruction_delta == 1);
    CHECK(delta_of(grown, "scaleKernel").changed_lines == 1);
}

TEST_CASE("PTX: an unused parameter dropped is signature-only, naming the parameter") {
    const auto deltas = compare(ptx_fixture("scale.ptx"), ptx_fixture("scale_dropped.ptx"));
    REQUIRE(deltas.size() == 2);
    const SymbolDelta& scale = delta_of(deltas, "scaleKernel");
    CHECK(scale.delta == Delta::signature_only);
    CHECK(scale.name == "_Z11scaleKernelPKfPfif");
    CHECK(scale.detail == "parameter 4 of 5 dropped");
    CHECK(scale.instruction_delta == 0);
    // The other way round it was added.
    const auto back = compare(ptx_fixture("scale_dropped.ptx"), ptx_fixture("scale.ptx"));
    CHECK(delta_of(back, "scaleKernel").delta == Delta::signature_only);
    CHECK(delta_of(back, "scaleKernel").detail == "parameter 4 of 5 added");
}

TEST_CASE("PTX: two parameters swapped are changed, never a renumbering") {
    const auto deltas = compare(ptx_fixture("scale.ptx"), ptx_fixture("scale_swapped.ptx"));
    const SymbolDelta& scale = delta_of(deltas, "scaleKernel");
    CHECK(scale.delta == Delta::changed);
    CHECK(scale.detail == "parameters 1 and 2 swapped");
    CHECK(scale.changed_lines >= 1);
}

TEST_CASE("PTX: a kernel added or removed") {
    const auto added = compare(ptx_fixture("scale.ptx"), ptx_fixture("scale_added.ptx"));
    CHECK(count_of(added, Delta::identical) == 2);
    const SymbolDelta& clamp = delta_of(added, "clampKernel");
    CHECK(clamp.delta == Delta::added);
    CHECK(clamp.kind == SymbolKind::kernel);
    CHECK(clamp.instruction_delta > 0);
    const auto removed = compare(ptx_fixture("scale_added.ptx"), ptx_fixture("scale.ptx"));
    CHECK(delta_of(removed, "clampKernel").delta == Delta::removed);
    CHECK(delta_of(removed, "clampKernel").instruction_delta == -clamp.instruction_delta);
}

TEST_CASE("PTX: functions, data and matching by identical body") {
    const std::string ptx = ".version 9.0\n.target sm_90\n.address_size 64\n"
                            ".global .align 4 .u32 counter;\n"
                            ".const .align 4 .b8 coeffs[8] = {0, 0, 128, 63, 0, 0, 0, 64};\n"
                            ".func (.param .b32 func_retval0) _Z5twicef(\n"
                            "\t.param .b32 _Z5twicef_param_0\n)\n{\n"
                            "\t.reg .f32 %f<3>;\n\tld.param.f32 %f1, [_Z5twicef_param_0];\n"
                            "\tadd.f32 %f2, %f1, %f1;\n\tst.param.f32 [func_retval0+0], %f2;\n"
                            "\tret;\n}\n";
    const Module base = parse_ptx(ptx, "inline.ptx");
    REQUIRE(base.symbols.size() == 3);
    CHECK(base.arch == "sm_90");
    CHECK(base.symbols[0].kind == SymbolKind::datum);
    CHECK(base.symbols[0].body == std::vector<std::string>{".global .align 4 .u32 %self#;"});
    CHECK(base.symbols[1].name == "coeffs");
    CHECK(base.symbols[2].kind == SymbolKind::function);
    CHECK(base.symbols[2].base_name == "twice");
    CHECK(instruction_count(Stage::ptx, base.symbols[2].body) == 4);
    std::string renamed = ptx;
    for (std::size_t at = renamed.find("_Z5twicef"); at != std::string::npos;
         at = renamed.find("_Z5twicef", at))
        renamed.replace(at, 9, "_Z6doublef");
    const auto deltas = compare(base, parse_ptx(renamed, "renamed.ptx"));
    REQUIRE(deltas.size() == 3);
    const SymbolDelta& function = delta_of(deltas, "double");
    CHECK(function.delta == Delta::signature_only);
    CHECK(function.detail == "renamed from _Z5twicef");
}

TEST_CASE("symbol names: anonymous-namespace discriminators become one token") {
    // nvcc's discriminator names the file compiled; a name before it may end in digits.
    CHECK(canonical_symbol_name("_ZN2v244_GLOBAL__N__fa63dfd0_11_OpInvert_cu_5f80b65d1kEv") ==
          "_ZN2v212_GLOBAL__N_11kEv");
    CHECK(symbol_base_name("_ZN2v212_GLOBAL__N_11kEv") == "v2::(anonymous namespace)::k");
    CHECK(canonical_symbol_name("_ZN12_GLOBAL__N_11kEv") == "_ZN12_GLOBAL__N_11kEv");
    // -rdc's file prefix of internal symbols: "__nv_static_<characters>__<file>_".
    CHECK(canonical_symbol_name("__nv_static_23__2b6942f0_4_g_cu_coeffs__ZN34_GLOBAL__N__2b6942f0_"
                                "4_g_cu_coeffs10anonKernelEPf") ==
          "__nv_static___ZN12_GLOBAL__N_110anonKernelEPf");
    CHECK(canonical_symbol_name("__nv_static_99__short") == "__nv_static_99__short");
    CHECK(symbol_base_name(canonical_symbol_name("__nv_static_3__abc")) == "__nv_static__");
    // Without a length prefix that covers it, the text is left as it is.
    CHECK(canonical_symbol_name("9_GLOBAL__N_x") == "9_GLOBAL__N_x");
    CHECK(canonical_symbol_name("_GLOBAL__N_") == "_GLOBAL__N_");
    CHECK(symbol_base_name("_ZN12_GLOBAL__N_1E") == "(anonymous namespace)");
    CHECK(symbol_base_name("cKernel") == "cKernel");
    CHECK(symbol_base_name("_Zgarbage") == "_Zgarbage");
    CHECK(symbol_base_name("_Z" + std::string(5000, 'x')) == "_Z" + std::string(5000, 'x'));
}

TEST_CASE("PTX: malformed or hostile text is one InputError naming the file") {
    const std::string header = ".version 9.0\n.target sm_80\n";
    const auto rejects = [](const std::string& text, const std::string& part) {
        try {
            parse_ptx(text, "hostile.ptx");
            FAIL("accepted: " << text);
        } catch (const odo::InputError& e) {
            const std::string what = e.what();
            CHECK(what.find("hostile.ptx") == 0);
            CHECK_MESSAGE(what.find(part) != std::string::npos, what);
        }
    };
    rejects(header + ".visible .entry k()\n{\n\tret;\n}\n" + std::string(1, '\0'), "NUL byte");
    rejects(header + "/* never closed\n", "never closed");
    rejects(header + ".visible .entry k()\n{\n\tret;\n", "never closed");
    rejects(header + ".global .u32 x", "not ended");
    rejects(header + ".visible .entry k()\n{\n\tret\n}\n", "not ended by ';'");
    rejects(header + ".global .u32 x;\n.global .u32 x;\n", "second definition of x");
    rejects(".version 9.0\n.global .u32 x;\n", "no .target");
    rejects(header + ".visible .entry k()\n{\n\tmov.u32 %param#0, 1;\n}\n", "'#'");
    rejects(header + "{ .u32 x; }\n", "neither a function body");
    std::string huge(max_device_code_bytes + 1, ' ');
    rejects(huge, "MiB");
}

TEST_CASE("PTX: modules of different architectures are not compared") {
    Module a = ptx_fixture("scale.ptx");
    Module b = a;
    b.arch = "sm_90";
    CHECK_THROWS_AS(compare(a, b), odo::InputError);
}

} // namespace device_ptx_tests
