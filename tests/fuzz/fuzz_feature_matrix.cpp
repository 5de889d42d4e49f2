// Fuzzes refactor_op's reader of a public header's Limitations table (VER-4's feature matrix,
// RED-3's declared widths). Nothing throws; every layout is a token of capitals, digits and '_',
// every dtype one of the nine the table can name, every channel count below 100000; a header
// without "Data Layout:" declares no layout, and reading is deterministic.
#include <odo/refactor/feature_matrix.hpp>

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

namespace {

void require_side(const odo::refactor::DeclaredSide& side, bool has_layout_label) {
    static const std::set<std::string> dtypes = {"u8",  "s8",  "u16", "s16", "u32",
                                                 "s32", "f16", "f32", "f64"};
    if (!has_layout_label && !side.layouts.empty())
        std::abort();
    for (const std::string& layout : side.layouts) {
        if (layout.empty())
            std::abort();
        for (const char c : layout)
            if (!std::isupper(static_cast<unsigned char>(c)) &&
                !std::isdigit(static_cast<unsigned char>(c)) && c != '_')
                std::abort();
    }
    for (const int channels : side.channels)
        if (channels < 0 || channels >= 100000)
            std::abort();
    for (const std::string& dtype : side.dtypes)
        if (!dtypes.count(dtype))
            std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::refactor;
    const std::string_view header(reinterpret_cast<const char*>(data), size);
    const FeatureMatrix m = parse_feature_matrix(header);
    const bool labelled = header.find("Data Layout:") != std::string_view::npos;
    require_side(m.input, labelled);
    require_side(m.output, labelled);
    if (parse_feature_matrix(header) != m || describe(m).find('\n') != std::string::npos)
        std::abort();
    return 0;
}
