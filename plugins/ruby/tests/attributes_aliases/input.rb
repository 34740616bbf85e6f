# A customer profile.
class Profile
  # The display name and the e-mail address.
  attr_accessor :name, :email
  attr_reader :created_at
  attr_writer :nickname
  attr :legacy_id

  def initialize(name, email)
    @name = name
    @email = email
    @created_at = Time.now
  end

  def full_name
    "#{name} <#{email}>"
  end

  alias to_s full_name
  alias :inspect :full_name
  alias_method :label, :full_name
  alias_method "title", "full_name"
  alias == equal?
end

alias $PROFILE_DEBUG $DEBUG
