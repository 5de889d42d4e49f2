// Fuzzes the public C header's Submit reader. Nothing throws; every signature it finds is spelled
// in the header, names the operator's Submit case-insensitively, and is classified consistently
// with its name and container; the container support summarizes exactly those kinds.
#include <odo/core/text.hpp>
#include <odo/review/submit_signatures.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::review;
    const std::string_view header(reinterpret_cast<const char*>(data), size);
    const auto signatures = parse_submit_signatures(header, "Fuzz");
    bool tensor = false, varshape = false, generic = false;
    for (const SubmitSignature& sig : signatures) {
        const std::string lower = odo::text::lower(sig.name);
        if (header.find(sig.name) == std::string_view::npos ||
            !odo::text::starts_with(lower, "cvcudafuzz") || !odo::text::ends_with(lower, "submit"))
            std::abort();
        if (sig.generic_varshape &&
            (sig.kind != SubmitKind::VarShape || lower != "cvcudafuzzsubmit"))
            std::abort();
        if (sig.container == Container::ImageBatch && sig.kind != SubmitKind::VarShape)
            std::abort();
        tensor = tensor || sig.kind == SubmitKind::Tensor;
        varshape = varshape || sig.kind == SubmitKind::VarShape;
        generic = generic || sig.generic_varshape;
    }
    const ContainerSupport support = container_support(signatures);
    if (support.has_tensor != tensor || support.has_vs != varshape ||
        support.generic_varshape != generic)
        std::abort();
    return 0;
}
