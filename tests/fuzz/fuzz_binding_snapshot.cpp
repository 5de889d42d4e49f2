// Fuzzes the Python binding snapshot reader of ODO-5. Nothing throws; a source yields a snapshot
// or a problem, never both; a snapshot binds at least one named callable whose signature names it,
// its aliases are sorted and distinct, reading is deterministic, and a snapshot differs from
// nothing in itself.
#include <odo/review/binding_snapshot.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::review;
    const std::string_view source(reinterpret_cast<const char*>(data), size);
    BindingGrammar grammar;
    grammar.export_function = "ExportOpFuzz";
    const SnapshotResult result = binding_api_snapshot(source, grammar);
    if (result.snapshot.has_value() == !result.problem.empty())
        std::abort();
    if (!result.snapshot)
        return 0;
    const BindingSnapshot& s = *result.snapshot;
    if (s.signatures.empty())
        std::abort();
    for (const NamedText& signature : s.signatures)
        if (signature.first.empty() ||
            detail::identifier_end(signature.first, 0) != signature.first.size() ||
            signature.second.find(signature.first) == std::string::npos)
            std::abort();
    const auto by_name = [](const NamedText& a, const NamedText& b) { return a.first < b.first; };
    if (!std::is_sorted(s.aliases.begin(), s.aliases.end(), by_name) ||
        std::adjacent_find(s.aliases.begin(), s.aliases.end(), [](const auto& a, const auto& b) {
            return a.first == b.first;
        }) != s.aliases.end())
        std::abort();
    const SnapshotResult again = binding_api_snapshot(source, grammar);
    if (!again.snapshot || !(*again.snapshot == s) || !snapshot_differences(s, s).empty())
        std::abort();
    return 0;
}
