// Fuzzes the device-code proof's readers: each input is read as PTX text and as a cubin. Nothing
// but InputError escapes, a module read has an architecture and named symbols, and a module
// compared with itself is identical throughout (canonical bodies are deterministic).
#include <odo/core/error.hpp>
#include <odo/devcode/cubin_module.hpp>
#include <odo/devcode/device_code_diff.hpp>
#include <odo/devcode/ptx_module.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

void check_module(const odo::devcode::Module& m) {
    using namespace odo::devcode;
    if (m.arch.empty())
        std::abort();
    for (const Symbol& s : m.symbols)
        if (s.name.empty() || s.base_name.empty() ||
            (m.stage == Stage::sass && s.kind != SymbolKind::datum &&
             s.schedule_masked_body.size() != s.body.size()))
            std::abort();
    const auto deltas = compare(m, m);
    if (deltas.size() != m.symbols.size())
        std::abort();
    for (const SymbolDelta& d : deltas)
        if (d.delta != Delta::identical || d.changed_lines != 0 || d.instruction_delta != 0)
            std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::devcode;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    try {
        check_module(parse_ptx(input, "fuzz.ptx"));
    } catch (const odo::InputError&) {
    }
    try {
        check_module(parse_cubin(input, "fuzz.cubin"));
    } catch (const odo::InputError&) {
    }
    return 0;
}
