// Fuzzes the `git cat-file --batch` reader. The input is the specs, one per line, then a NUL,
// then git's answer. Nothing throws; the specs that read form a prefix of the request (a reader
// that stops never pairs a later spec with an answer), and what read, written back in git's form,
// reads the same.
#include <odo/repo/cat_file_batch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

std::string answers(const odo::repo::CatFileObjects& objects,
                    const std::vector<std::string>& specs) {
    std::string out;
    for (const std::string& spec : specs) {
        const auto& contents = objects.at(spec);
        if (!contents)
            out += spec + " missing\n";
        else
            out += std::string(40, 'a') + " blob " + std::to_string(contents->size()) + "\n" +
                   *contents + "\n";
    }
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace odo::repo;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t nul = std::min(input.size(), input.find('\0'));
    std::vector<std::string> specs;
    for (std::size_t start = 0; start < nul;) {
        const std::size_t end = std::min(nul, input.find('\n', start));
        specs.emplace_back(input.substr(start, end - start));
        start = end + 1;
    }
    const std::string_view out = input.substr(std::min(input.size(), nul + 1));

    if (const auto request = cat_file_batch_input(specs))
        if (static_cast<std::size_t>(std::count(request->begin(), request->end(), '\n')) !=
            specs.size())
            std::abort();
    const CatFileObjects objects = parse_cat_file_batch(out, specs);
    std::size_t answered = 0;
    while (answered < specs.size() && objects.count(specs[answered]))
        ++answered;
    const std::vector<std::string> prefix(specs.begin(), specs.begin() + answered);
    for (const auto& entry : objects)
        if (std::find(prefix.begin(), prefix.end(), entry.first) == prefix.end())
            std::abort();
    if (parse_cat_file_batch(answers(objects, prefix), prefix) != objects)
        std::abort();
    return 0;
}
