// Fuzzes the reader of the published evidence store's listing (`git ls-tree -z -l` of the commit
// refs/odo/evidence names, whose file names the change author chose): nothing is thrown, and every
// entry accepted is a blob named by a 64-hex digest, within the store's bounds.
#include <odo/campaign/evidence_store.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view listing(reinterpret_cast<const char*>(data), size);
    std::map<std::string, odo::campaign::StoredBlob> blobs;
    const std::string problem = odo::campaign::detail::read_store_listing(listing, blobs);
    if (blobs.size() > odo::campaign::max_store_files)
        std::abort();
    for (const auto& [digest, blob] : blobs)
        if (!odo::campaign::detail::is_digest_name(digest) ||
            blob.bytes > odo::campaign::max_published_file_bytes)
            std::abort();
    if (problem.size() > 1000) // a problem names one entry, cut short
        std::abort();
    return 0;
}
