// Member functions in and out of their class: constructors, destructors,
// operators, defaulted and deleted functions, pure virtuals.
#include <ostream>

class Shape {
public:
    Shape() = default;
    Shape(const Shape &) = delete;
    virtual ~Shape();

    virtual double area() const = 0;
    double scaled(double factor) const { return area() * factor; }

    bool operator==(const Shape &other) const;
    Shape &operator=(Shape &&other) noexcept;
    explicit operator bool() const { return area() > 0; }

    static int count();

    class Visitor {
    public:
        void visit(const Shape &shape);
    };

private:
    static int instances_;
};

int Shape::instances_ = 0;

Shape::~Shape() { --instances_; }

bool Shape::operator==(const Shape &other) const {
    return area() == other.area();
}

Shape &Shape::operator=(Shape &&other) noexcept {
    return *this;
}

int Shape::count() { return instances_; }

void Shape::Visitor::visit(const Shape &shape) {
    shape.scaled(2.0);
}

std::ostream &operator<<(std::ostream &out, const Shape &shape) {
    return out << shape.area();
}

struct Circle : Shape {
    explicit Circle(double r) : radius(r) {}
    double area() const override { return 3.14159 * radius * radius; }
    double radius;
};
