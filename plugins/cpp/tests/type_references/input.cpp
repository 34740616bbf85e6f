// Type uses: base classes, parameters, return types, fields, variables,
// template arguments.
#include <map>
#include <memory>
#include <string>

namespace geo {
struct Point {
    double x, y;
};
class Shape {
public:
    virtual ~Shape() = default;
};
}  // namespace geo

class Polygon : public geo::Shape, private Observable<Polygon> {
public:
    explicit Polygon(std::vector<geo::Point> points);
    geo::Point centroid() const;
    const Label *label(LabelStyle style, int) const;

private:
    std::vector<geo::Point> points_;
    std::map<std::string, std::shared_ptr<Label>> labels_;
    Bounds bounds_;
};

Registry<Polygon> polygons;

geo::Point Polygon::centroid() const {
    geo::Point sum{0, 0};
    Accumulator acc;
    return sum;
}
